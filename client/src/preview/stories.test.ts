import { describe, expect, it } from 'vitest';
import { allEndpoints } from '../../../shared/contract';
import { recordedHandlers } from '../test/contract-handlers';
import { STORIES } from './stories';

/** The preview's stories, checked with the client tests: a story that no longer fits the contract fails here. */
describe('the preview stories', () => {
  it('each builds its handlers: its data passes the contract schemas', () => {
    for (const story of STORIES) expect(() => story.handlers(), story.id).not.toThrow();
  });

  it('have unique ids, a title in both languages and an app route', () => {
    expect(new Set(STORIES.map((story) => story.id)).size).toBe(STORIES.length);
    for (const story of STORIES) {
      expect(story.title['en-US'], story.id).toMatch(/\S/);
      expect(story.title['vi-VN'], story.id).toMatch(/\S/);
      expect(story.path, story.id).toMatch(/^\//);
    }
  });

  it('fall back on a recorded success for every /api endpoint, valid against its schema', () => {
    // docs.test requires a recorded example of every operation: no call of a story goes unanswered
    expect(recordedHandlers(allEndpoints)).toHaveLength(allEndpoints.length);
  });
});
