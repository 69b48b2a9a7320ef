import type { NotificationSettings } from '@cafe/shared';
import { describe, expect, it } from 'vitest';
import { changesOf, shownChoice, shownLanguage, unconfiguredChannelOf } from './settings-edits';

const SAVED: NotificationSettings = {
  language: 'en',
  channels: {
    push: { available: true, enabled: true },
    slack: { available: false, enabled: true },
    email: { available: true, enabled: false },
    webhook: { available: true, enabled: false },
  },
};

describe('the profile edits over the saved settings', () => {
  it('shows the saved settings where nothing was changed, and an unoffered channel off', () => {
    expect(shownLanguage(SAVED, {})).toBe('en');
    expect(shownChoice(SAVED, {}, 'push')).toBe(true);
    expect(shownChoice(SAVED, {}, 'slack')).toBe(false);
    expect(shownChoice(SAVED, { email: true }, 'email')).toBe(true);
    expect(shownLanguage(SAVED, { language: 'th' })).toBe('th');
  });

  it('sends only what differs from the saved settings', () => {
    expect(changesOf(SAVED, {})).toEqual({});
    expect(changesOf(SAVED, { language: 'en', push: true, email: false })).toEqual({});
    expect(changesOf(SAVED, { language: 'th', email: true, push: true })).toEqual({ language: 'th', email: true });
    expect(changesOf(SAVED, { push: false })).toEqual({ push: false });
  });

  it('leaves out a channel the company no longer offers', () => {
    expect(changesOf(SAVED, { slack: false, webhook: true })).toEqual({ webhook: true });
  });

  it("reads the channel of the server's refusal", () => {
    expect(unconfiguredChannelOf('slack: is not configured by the company')).toBe('slack');
    expect(unconfiguredChannelOf('webhook: is not configured by the company.')).toBe('webhook');
    expect(unconfiguredChannelOf('language: must be en or th')).toBeUndefined();
    expect(unconfiguredChannelOf('fax: is not configured by the company')).toBeUndefined();
  });
});
