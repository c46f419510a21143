import { describe, expect, it } from 'vitest';
import { PushThrottle, SpeedMeter } from './speed';

describe('SpeedMeter', () => {
  it('reports a steady rate whatever the chunk size', () => {
    const small = new SpeedMeter(0);
    const big = new SpeedMeter(0);
    for (let t = 10; t <= 3000; t += 10) small.add(1000, t); // 100 KB/s in 1 KB chunks
    for (let t = 500; t <= 3000; t += 500) big.add(50_000, t); // 100 KB/s in 50 KB chunks
    expect(small.bytesPerSecond).toBe(100_000);
    expect(big.bytesPerSecond).toBe(100_000);
  });

  it('smooths a sudden change instead of jumping to it', () => {
    const meter = new SpeedMeter(0);
    for (let t = 250; t <= 5000; t += 250) meter.add(25_000, t); // 100 KB/s
    meter.add(100_000, 5250); // one burst at 400 KB/s
    expect(meter.bytesPerSecond).toBeGreaterThan(100_000);
    expect(meter.bytesPerSecond).toBeLessThan(150_000);
  });

  it('slows down when bytes stop arriving', () => {
    const meter = new SpeedMeter(0);
    for (let t = 250; t <= 2000; t += 250) meter.add(25_000, t);
    for (let t = 3000; t <= 10_000; t += 1000) meter.add(0, t);
    expect(meter.bytesPerSecond).toBeLessThan(5_000);
  });

  it('says 0 until a first window has passed', () => {
    const meter = new SpeedMeter(0);
    meter.add(10_000, 100);
    expect(meter.bytesPerSecond).toBe(0);
  });
});

describe('PushThrottle', () => {
  it('lets at most four pushes a second through', () => {
    const throttle = new PushThrottle(250);
    let pushed = 0;
    for (let t = 0; t < 1000; t += 16) if (throttle.ready(t)) pushed += 1;
    expect(pushed).toBe(4);
  });
});
