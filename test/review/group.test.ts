/**
 * Review groups speak the brief's vocabulary (decision 0050): a decision that entered
 * `proposed` is "Newly proposed", not "Newly open"; open questions and dependencies that
 * entered `open` are "Newly open".
 */
import { describe, expect, it } from 'vitest';
import { GROUP_TITLES, groupOf } from '../../src/review/group.js';

describe('review groups', () => {
  it('put a newly proposed decision apart from what is newly open', () => {
    expect(groupOf({ entry_kind: 'decision', from_status: null, to_status: 'proposed' })).toBe('newly_proposed');
    expect(groupOf({ entry_kind: 'decision', from_status: 'accepted', to_status: 'proposed' })).toBe('newly_proposed');
    expect(GROUP_TITLES[groupOf({ entry_kind: 'decision', from_status: null, to_status: 'proposed' })]).toBe('Newly proposed');
    expect(groupOf({ entry_kind: 'open_question', from_status: null, to_status: 'open' })).toBe('newly_open');
    expect(groupOf({ entry_kind: 'dependency', from_status: 'resolved', to_status: 'open' })).toBe('newly_open');
    expect(groupOf({ entry_kind: 'decision', from_status: 'proposed', to_status: 'accepted' })).toBe('decided');
  });
});
