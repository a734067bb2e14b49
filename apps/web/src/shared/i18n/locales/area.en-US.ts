import { accountEn } from './account.en-US';
import { appealEn } from './appeal.en-US';
import { deliveryEn } from './delivery.en-US';
import { paymentsEn } from './payments.en-US';
import { profileEn } from './profile.en-US';
import { staffEn } from './staff.en-US';
import { wizardEn } from './wizard.en-US';
import { operationsEn } from './operations.en-US';
import { practicesEn } from './practices.en-US';
import { publicationEn } from './publication.en-US';
import { sharingEn } from './sharing.en-US';

/**
 * The logged-in area's texts (account, the requests, the wizard, payments, delivery, appeals, the staff
 * workspace), in English: a chunk of their own, fetched with the first page behind a login, since
 * none of the public pages needs them (decision 063).
 */
export const areaEn = {
  ...accountEn,
  ...appealEn,
  ...deliveryEn,
  ...paymentsEn,
  ...profileEn,
  ...staffEn,
  ...wizardEn,
  ...operationsEn,
  ...practicesEn,
  ...sharingEn,
  ...publicationEn,
};
