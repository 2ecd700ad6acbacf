/**
 * `parse`, remembering its answers for the last few distinct header values:
 * the values of Accept and Accept-Encoding repeat (every browser, agent and
 * library sends one of a few), and parsing them again on every request costs
 * more than the rest of a precomputed answer. Bounded: when `max` values are
 * remembered, they are forgotten all at once.
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
