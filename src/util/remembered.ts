/**
 * `parse`, remembering its answers for the last few distinct values: for
 * inputs that repeat and cost more to work out than to look up, such as the
 * values of Accept and Accept-Encoding (every browser, agent and library
 * sends one of a few; parsing them again on every request costs more than the
 * rest of a precomputed answer) or the Intl formatter of a locale (making one
 * costs tens of microseconds). Bounded: when `max` values are remembered,
 * they are forgotten all at once. A `parse` that throws remembers nothing.
 */
export function rememberedByValue<T>(parse: (value: string) => T, max = 256): (value: string) => T {
  const remembered = new Map<string, T>();
  return (value) => {
    let answer = remembered.get(value);
    if (answer === undefined) {
      answer = parse(value);
      if (remembered.size >= max) remembered.clear();
      remembered.set(value, answer);
    }
    return answer;
  };
}
