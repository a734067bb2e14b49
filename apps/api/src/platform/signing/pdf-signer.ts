import { pdflibAddPlaceholder } from '@signpdf/placeholder-pdf-lib';
import { P12Signer } from '@signpdf/signer-p12';
import { SignPdf } from '@signpdf/signpdf';
import type { PDFDocument } from 'pdf-lib';
import type { BodyKeys } from './keys';

export type SignatureDetails = {
  /** Why the body signs, as PDF readers show it. */
  reason: string;
  name: string;
  location: string;
  contactInfo: string;
  signingTime: Date;
};

/** The signature port: a PDF in, the same PDF signed out (PAdES, ETSI.CAdES.detached). */
export type PdfSigner = {
  sign(pdf: PDFDocument, details: SignatureDetails): Promise<Buffer>;
  /** The signing certificate's subject and SHA-256 fingerprint, as the statement prints them. */
  readonly certificate: BodyKeys['certificate'];
};

/** PAdES: a CAdES signature detached from the signed byte ranges (ETSI EN 319 142). */
export const PADES_SUBFILTER = 'ETSI.CAdES.detached';

// Room for the CMS: an RSA 3072 signature and a certificate chain of a few certificates.
const SIGNATURE_LENGTH = 16_384;

/** Signs with the body's P12 (signer-p12: SHA-256, RSA PKCS#1 v1.5, the certificates embedded). */
export function createP12Signer(keys: () => Pick<BodyKeys, 'p12' | 'certificate'>): PdfSigner {
  return {
    async sign(pdf, details) {
      pdflibAddPlaceholder({
        pdfDoc: pdf,
        reason: details.reason,
        name: details.name,
        location: details.location,
        contactInfo: details.contactInfo,
        signingTime: details.signingTime,
        signatureLength: SIGNATURE_LENGTH,
        subFilter: PADES_SUBFILTER,
        appName: 'Lisbon',
      });
      // Object streams would hide the placeholder's byte range from the signer.
      const unsigned = Buffer.from(await pdf.save({ useObjectStreams: false }));
      const { der, passphrase } = keys().p12;
      return new SignPdf().sign(unsigned, new P12Signer(der, { passphrase }), details.signingTime);
    },
    get certificate() {
      return keys().certificate;
    },
  };
}
