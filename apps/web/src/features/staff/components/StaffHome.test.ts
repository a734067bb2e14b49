import { abilitiesFor, type QueueCounts } from '@lisbon/domain';
import { describe, expect, it } from 'vitest';
import { firstQueueWithRequests } from './StaffHome';

const counts = (some: Partial<QueueCounts>): QueueCounts => ({
  assigned: 0,
  to_review: 0,
  ready_for_issue: 0,
  unassigned: 0,
  archive: 0,
  all: 0,
  ...some,
});

describe('where /staff leads', () => {
  it('goes to the first of the member’s queues that holds requests, not an empty "Assigned"', () => {
    expect(firstQueueWithRequests(abilitiesFor('evaluator'), counts({ ready_for_issue: 1, all: 4 }))).toBe(
      'ready_for_issue',
    );
    expect(firstQueueWithRequests(abilitiesFor('secretary'), counts({ unassigned: 2, all: 2 }))).toBe(
      'unassigned',
    );
    // Waiting in a queue the member does not work with: not that one.
    expect(firstQueueWithRequests(abilitiesFor('evaluator'), counts({ unassigned: 2, all: 2 }))).toBe('all');
  });

  it('keeps the first queue they work with when every queue is empty', () => {
    expect(firstQueueWithRequests(abilitiesFor('evaluator'), counts({}))).toBe('assigned');
  });
});
