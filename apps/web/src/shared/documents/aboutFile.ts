import type { TFunction } from 'i18next';

// Apart from the upload's progress: the verify page names the file too, without the uploader's
// drop zone and progress bar (decision 079).

/** An upload's error with the name of the file it is about (issue 14): "“scan.exe”: File type …". */
export const aboutFile = (file: Pick<File, 'name'>, message: string, t: TFunction): string =>
  // The API's own refusals of a file's content already name it (decision 058).
  message.includes(`“${file.name}”`) ? message : t('documentUpload.aboutFile', { name: file.name, message });
