import { describe, expect, it } from 'vitest';
import { scoreLines } from '../bench/score.ts';

describe('line scoring', () => {
  it('counts both near-duplicate rows when each has a prediction that agrees', () => {
    const truth = [
      { description: 'Licencia mensual equipo', quantity: '2', unit_price: '10', line_total: '20.00' },
      { description: 'Licencia mensual equipos', quantity: '3', unit_price: '10', line_total: '30.00' },
    ];
    // The first true row's nearest description is the second prediction: a greedy pass takes it, fails
    // on the amounts and leaves the second true row only a prediction that disagrees with it.
    const pred = [
      { description: 'Licencia mensual equipo', quantity: '3', unit_price: '10', line_total: '30.00' },
      { description: 'Licencia mensual equipos', quantity: '2', unit_price: '10', line_total: '20.00' },
    ];
    expect(scoreLines(truth, pred).correct).toBe(2);
  });

  it('stays strict: one prediction stands for one row, and every amount must agree', () => {
    const truth = [
      { description: 'Cable rollo', quantity: '2', unit_price: '5', line_total: '10.00' },
      { description: 'Cable rollo', quantity: '2', unit_price: '5', line_total: '10.00' },
      { description: 'Tubo cobre', quantity: '1', unit_price: '7', line_total: '7.00' },
    ];
    const pred = [
      { description: 'Cable rollo', quantity: '2', unit_price: '5', line_total: '10.00' },
      { description: 'Tubo cobre', quantity: '1', unit_price: '7', line_total: '7.01' },
    ];
    expect(scoreLines(truth, pred)).toEqual({ correct: 1, truth: 3, pred: 2 });
  });
});
