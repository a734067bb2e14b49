import { describe, expect, it } from 'vitest';
import { abilitiesFor } from './abilities';
import { PRACTICE_STATUSES } from './statuses';
import { availableTransitions, canFire, findTransition, TRANSITIONS } from './transitions';

const evaluator = { actor: 'staff' as const, abilities: abilitiesFor('evaluator') };

describe('the transition table', () => {
  it('leads only to known statuses and never out of a final one', () => {
    for (const transition of TRANSITIONS) {
      expect(PRACTICE_STATUSES).toContain(transition.to);
      for (const from of transition.from)
        expect(['closed', 'appeal_refused', 'appeal_rejected']).not.toContain(from);
    }
  });

  it('has one target per action and status', () => {
    const seen = new Set<string>();
    for (const transition of TRANSITIONS) {
      for (const from of transition.from) {
        const key = `${transition.action}:${from}`;
        expect(seen.has(key), key).toBe(false);
        seen.add(key);
      }
    }
  });
});

describe('findTransition', () => {
  it('finds the move of an action from a status, and nothing from a wrong status', () => {
    expect(findTransition('send_in_review', 'in_evaluation')?.to).toBe('in_review');
    expect(findTransition('send_in_review', 'appeal_in_evaluation')?.to).toBe('appeal_in_review');
    expect(findTransition('publish', 'in_review')).toBeUndefined();
    expect(findTransition('close', 'published')).toBeUndefined();
  });
});

describe('canFire and availableTransitions', () => {
  it('lets only the assignee evaluate, unless an admin', () => {
    const start = findTransition('start', 'assigned');
    if (!start) throw new Error('start missing');
    expect(canFire(start, { ...evaluator, isAssignee: true })).toBe(true);
    expect(canFire(start, { ...evaluator, isAssignee: false })).toBe(false);
    expect(canFire(start, { actor: 'staff', abilities: abilitiesFor('admin'), isAdmin: true })).toBe(true);
  });

  it('keeps staff actions from applicants and applicant actions from staff', () => {
    expect(
      availableTransitions('pending_student_reply', { actor: 'applicant' }).map((t) => t.action),
    ).toEqual(['reply']);
    expect(
      availableTransitions('pending_student_reply', { ...evaluator, isAssignee: true }).map((t) => t.action),
    ).toEqual([]);
  });

  it('offers a secretary assignment and closing on an unassigned request', () => {
    const actions = availableTransitions('unassigned', {
      actor: 'staff',
      abilities: abilitiesFor('secretary'),
    }).map((t) => t.action);
    expect(actions.sort()).toEqual(['assign', 'close']);
  });

  it('offers the reviewer the review outcomes only on their requests', () => {
    const reviewer = { actor: 'staff' as const, abilities: abilitiesFor('reviewer') };
    expect(
      availableTransitions('in_review', { ...reviewer, isReviewer: true })
        .map((t) => t.action)
        .sort(),
    ).toEqual(['conclude_review', 'send_back']);
    expect(availableTransitions('in_review', { ...reviewer, isReviewer: false })).toEqual([]);
  });
});
