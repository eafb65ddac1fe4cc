/** A message of the snackbar never covers the form it answers: how far the form scrolls up first. */
import { clearanceScroll, snackbarBandPx } from '../src/ui/feedback.js';

describe('clearanceScroll', () => {
  const height = 800;
  const band = height - snackbarBandPx;

  it('leaves a form that ends above the snackbar’s band where it is', () => {
    expect(clearanceScroll({ top: 100, bottom: band }, height)).toBe(0);
    expect(clearanceScroll({ top: 100, bottom: 300 }, height)).toBe(0);
  });

  it('scrolls a form that reaches into the band up by the overlap', () => {
    expect(clearanceScroll({ top: 400, bottom: band + 50 }, height)).toBe(50);
    expect(clearanceScroll({ top: 600, bottom: height + 200 }, height)).toBe(snackbarBandPx + 200);
  });

  it('never scrolls a form’s top out of the window', () => {
    expect(clearanceScroll({ top: 30, bottom: height }, height)).toBe(30);
    expect(clearanceScroll({ top: -10, bottom: height }, height)).toBe(0);
  });
});
