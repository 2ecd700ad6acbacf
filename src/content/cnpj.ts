/**
 * CNPJ (Brazilian company registration number) validation.
 *
 * Accepts the numeric form and the alphanumeric form the Receita Federal issues
 * from July 2026 (IN RFB 2.229/2024): twelve characters [0-9A-Z] and two
 * numeric check digits, each character weighted by its ASCII code minus 48.
 */

const FORMATTED = /^([0-9A-Z]{2})\.([0-9A-Z]{3})\.([0-9A-Z]{3})\/([0-9A-Z]{4})-([0-9]{2})$/;

function checkDigit(base: string): number {
  // Weights run 2..9 from the right, then wrap around.
  let sum = 0;
  for (let i = 0; i < base.length; i++) {
    const weight = ((base.length - 1 - i) % 8) + 2;
    sum += (base.charCodeAt(i) - 48) * weight;
  }
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** Why `value` is not a valid formatted CNPJ, or undefined when it is. */
export function cnpjProblem(value: string): string | undefined {
  const match = FORMATTED.exec(value);
  if (!match) return 'must be formatted 00.000.000/0000-00';
  const bare = match.slice(1).join('');
  if (/^(\d)\1{13}$/.test(bare)) return 'must not be a repeated digit';
  const base = bare.slice(0, 12);
  const first = checkDigit(base);
  const second = checkDigit(base + String(first));
  if (bare.slice(12) !== `${first}${second}`) return 'has invalid check digits';
  return undefined;
}
