import { applicableService, type Discovery, type ServiceDescription } from '@lisbon/domain';
import { Alert, Anchor, List, Paper, Stack, Text, Title, type TitleOrder } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatEuros } from '@/shared/format';
import { useLocale } from '@/shared/i18n';
import { Facts } from '@/shared/practice/Facts';

/** Headings follow the page's outline: the service's title at `order`, its parts one below. */
const BELOW: Record<TitleOrder, TitleOrder> = { 1: 2, 2: 3, 3: 4, 4: 5, 5: 6, 6: 6 };
export const below = (order: TitleOrder): TitleOrder => BELOW[order];

/** A price with VAT shown apart, or "free". */
export function PriceText({ price }: { price: ServiceDescription['price'] }) {
  const { t } = useTranslation();
  const locale = useLocale();
  if (price.total === 0) return <>{t('discovery.free')}</>;
  return (
    <>
      {t('discovery.priceLine', {
        total: formatEuros(price.total, locale),
        net: formatEuros(price.net, locale),
        vat: formatEuros(price.vat, locale),
      })}
    </>
  );
}

type ServiceProps = { service: ServiceDescription; order: TitleOrder };

/** One service: what it gives, price, urgency, time and the documents it needs. */
export function ServiceDetails({ service, order }: ServiceProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  return (
    <Stack gap="sm">
      <Title order={order}>{t(`labels.service.${service.kind}`)}</Title>
      <Text>{t(`discovery.about.${service.kind}`)}</Text>
      <Facts
        facts={[
          [t('discovery.price'), <PriceText key="price" price={service.price} />],
          [
            t('discovery.time'),
            t('discovery.timeLine', {
              days: service.ordinary_working_days,
              date: formatDate(service.expected_deadline, locale),
            }),
          ],
          [
            t('discovery.urgent'),
            service.urgent_price && service.urgent_working_days ? (
              <>
                {t('discovery.urgentLine', { days: service.urgent_working_days })}{' '}
                <PriceText price={service.urgent_price} />
              </>
            ) : (
              t('validation.urgentNotAvailable')
            ),
          ],
        ]}
      />
      <Title order={below(order)}>{t('discovery.documents')}</Title>
      <List>
        {service.required_documents.map((type) => (
          <List.Item key={type}>{t(`labels.document.${type}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}

type Props = {
  discovery: Discovery;
  /** The logged-in applicant's category: a refugee's service is the free alternative. */
  isRefugee: boolean;
  /**
   * A logged-in applicant: the refugee alternative, which needs an account registered as a
   * refugee, is offered to visitors only, not to an applicant who already has a standard one.
   */
  isLoggedIn?: boolean;
  order?: TitleOrder;
};

/** The answer of discovery: the service that applies, the refugee alternative, or none. */
export function ServiceSummary({ discovery, isRefugee, isLoggedIn = false, order = 2 }: Props) {
  const { t } = useTranslation();
  const main = applicableService(discovery, isRefugee);
  const alternative = isRefugee || isLoggedIn ? null : discovery.refugee_alternative;
  if (!main) {
    return (
      <Alert color="orange" variant="light" title={t('validation.noServiceAvailable')}>
        <Trans
          i18nKey="discovery.noServiceBody"
          values={{ country: discovery.country.name }}
          // The alert's own text colour: Mantine's blue reads 4.2:1 on the orange background (WCAG 1.4.3).
          components={{
            contact: <Anchor component={Link} to="/contact" inherit c="inherit" underline="always" />,
          }}
        />
      </Alert>
    );
  }
  return (
    <Stack gap="lg">
      {discovery.country.is_lisbon_state && main.kind === 'correspondence_verification' && (
        <Text>{t('discovery.lisbonState', { country: discovery.country.name })}</Text>
      )}
      <ServiceDetails service={main} order={order} />
      {/* A free service has no price to call a demonstration value. */}
      {discovery.are_prices_demo && !main.is_free && (
        <Alert color="yellow" variant="light">
          {t('discovery.demoPrices')}
        </Alert>
      )}
      {alternative && (
        <Paper withBorder p="md" bg="blue.0">
          <Stack gap="xs">
            <Title order={order}>{t('discovery.refugeeTitle')}</Title>
            <Text>{t('discovery.refugeeBody')}</Text>
            <Text>
              {t('discovery.refugeeDocuments', {
                documents: alternative.required_documents
                  .map((type) => t(`labels.document.${type}`))
                  .join(', '),
              })}
            </Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
