import type { DeadlineFlag as Flag } from '@lisbon/domain';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useDaysInWords } from '@/shared/ui/daysInWords';

/** Filled badges whose text reads at 4.5:1 or more: white on dark red, black on yellow and pale green. */
const COLORS: Record<Flag, string> = { late: 'red.9', at_risk: 'yellow.3', on_time: 'green.2' };

/** A request against its deadline (decision 070): the flag in words and colour, and the working days. */
export function DeadlineFlag({ flag, daysToGo }: { flag: Flag; daysToGo: number }) {
  const { t } = useTranslation();
  const inWords = useDaysInWords();
  return (
    // One above the other: the queue's deadline column stays narrow (the queue fits at 1280 px).
    <Stack gap={2} align="flex-start">
      <Badge color={COLORS[flag]} variant="filled" autoContrast radius="sm" size="sm" tt="none">
        {t(`operations.deadline.flags.${flag}`)}
      </Badge>
      <Text size="xs">{inWords(daysToGo)}</Text>
    </Stack>
  );
}
