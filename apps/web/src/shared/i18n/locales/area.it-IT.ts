import { accountIt } from './account.it-IT';
import { appealIt } from './appeal.it-IT';
import { deliveryIt } from './delivery.it-IT';
import { paymentsIt } from './payments.it-IT';
import { profileIt } from './profile.it-IT';
import { staffIt } from './staff.it-IT';
import { wizardIt } from './wizard.it-IT';
import { operationsIt } from './operations.it-IT';
import { practicesIt } from './practices.it-IT';
import { publicationIt } from './publication.it-IT';
import { sharingIt } from './sharing.it-IT';
import type { AreaCatalogue } from './en-US';

/** The logged-in area's texts in Italian; typed as the English ones (area.en-US.ts). */
export const areaIt: AreaCatalogue = {
  ...accountIt,
  ...appealIt,
  ...deliveryIt,
  ...paymentsIt,
  ...profileIt,
  ...staffIt,
  ...wizardIt,
  ...operationsIt,
  ...practicesIt,
  ...sharingIt,
  ...publicationIt,
};
