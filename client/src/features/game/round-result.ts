import type { TFunction } from 'i18next';
import { parseRoundResult } from '../../../../shared/round-result';

/**
 * A round's result line (the game provider's English, see shared/round-result.ts) in the player's
 * language: each part a phrase matches is said with `roundResult.<key>`, its word values (sides, colours,
 * hands, outcomes) with `roundResult.words.<word>`; any other part is shown as written. The line starts
 * with a capital.
 */
export function roundResultText(result: string, t: TFunction): string {
  const text = parseRoundResult(result)
    .map(({ key, text, values, words }) => {
      if (!key) return text;
      const said: Record<string, string | number> = { ...values };
      for (const name of words)
        said[name] = (values[name] as string)
          .split(', ')
          .map((word) => t(`roundResult.words.${word}`, { defaultValue: word }))
          .join(', ');
      if (values.count !== undefined) said.count = Number(values.count);
      return t(`roundResult.${key}`, said);
    })
    .join('; ');
  // a line may open with a word value ("full house vs dealer pair: win"): as a sentence, capitalised
  return text.charAt(0).toLocaleUpperCase() + text.slice(1);
}
