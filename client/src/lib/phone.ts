import { InputFilter } from '../../../shared/field-rules';

/**
 * A Philippine mobile number as the forms keep it: 10 digits like 9xxxxxxxxx (the +63 prefix is shown,
 * not typed). Forgives pasted forms: "+63 912 345 6789" and "0912 345 6789" both give "9123456789".
 */
export function filterLocalMobile(text: string): string {
  let digits = InputFilter.digits(text);
  if (digits.length >= 12 && digits.startsWith('639')) digits = digits.slice(2);
  else if (digits.length >= 11 && digits.startsWith('09')) digits = digits.slice(1);
  return digits.slice(0, 10);
}
