/** A value a multipart upload can carry; nested arrays and objects are flattened into names. */
export type MultipartValue =
  | string
  | number
  | boolean
  | Date
  | Blob
  | null
  | undefined
  | readonly MultipartValue[]
  | { readonly [key: string]: MultipartValue };

export type MultipartFields = { readonly [name: string]: MultipartValue };

function append(form: FormData, name: string, value: MultipartValue): void {
  if (value === undefined) return;
  if (value === null) {
    // An empty part tells the API "clear this field"; leaving it out means "unchanged".
    form.append(name, '');
  } else if (value instanceof Blob) {
    form.append(name, value);
  } else if (value instanceof Date) {
    form.append(name, value.toISOString());
  } else if (Array.isArray(value)) {
    value.forEach((item: MultipartValue, index) => append(form, `${name}[${index}]`, item));
  } else if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) append(form, `${name}[${key}]`, item);
  } else {
    form.append(name, String(value));
  }
}

/** Spec §7: arrays travel as `name[i]`, objects as `name[key]`, at any depth; files stay files. */
export function toFormData(fields: MultipartFields): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) append(form, name, value);
  return form;
}
