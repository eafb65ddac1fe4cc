import { jest } from '@jest/globals';
import { pollForAnswer } from '../src/feedback/ConfirmModal.js';

describe('the confirmation modal answer poll', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the answer every 100 ms', async () => {
    const question: { answer: boolean | undefined } = { answer: undefined };
    let settled: boolean | undefined;
    void pollForAnswer(question).then((answer) => (settled = answer));
    await jest.advanceTimersByTimeAsync(250);
    expect(settled).toBeUndefined();
    question.answer = true;
    await jest.advanceTimersByTimeAsync(49);
    // Answered at 250 ms: the poll at 300 ms sees it, not earlier.
    expect(settled).toBeUndefined();
    await jest.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
  });

  it('gives No as false', async () => {
    const question: { answer: boolean | undefined } = { answer: false };
    const answer = pollForAnswer(question);
    await jest.advanceTimersByTimeAsync(100);
    await expect(answer).resolves.toBe(false);
  });
});
