import { PORTAL_NAME } from '@lisbon/domain';
import { Alert, Button, Code, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/** Saves the codes as a text file. */
function download(codes: readonly string[], fileName: string): void {
  const blob = new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** The ten one-time recovery codes, shown this once, to copy or download (spec: shown once). */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Stack gap="md">
      <Title order={4} ref={heading} tabIndex={-1}>
        {t('account.twoFactor.recoveryTitle')}
      </Title>
      <Alert color="orange" variant="light" role="note">
        {t('account.twoFactor.recoveryOnce')}
      </Alert>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="ul" className="plain-list">
        {codes.map((code) => (
          <li key={code}>
            <Code fz="md">{code}</Code>
          </li>
        ))}
      </SimpleGrid>
      <Group gap="sm">
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button variant="light" onClick={copy}>
              {copied ? t('account.twoFactor.copied') : t('account.twoFactor.copyCodes')}
            </Button>
          )}
        </CopyButton>
        <Button
          variant="light"
          onClick={() =>
            download(codes, t('account.twoFactor.recoveryFileName', { portal: PORTAL_NAME.toLowerCase() }))
          }
        >
          {t('account.twoFactor.downloadCodes')}
        </Button>
        <Button onClick={onDone}>{t('account.twoFactor.savedCodes')}</Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('account.twoFactor.recoveryUse')}
      </Text>
    </Stack>
  );
}
