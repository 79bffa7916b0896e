/**
 * Price predictor benchmark of `npm run bench` (issue 15: "measure its error on held-out past
 * quotes ... and print it"): a sample book of BENCH_PREDICTOR_RISKS Primary risks rated by the
 * sandbox carriers, fitted as the nightly job fits it; one application in `holdout_every` is held
 * out and predicted by a model of the others. Printed: the median absolute percentage error of the
 * expected premium and the share of held-out premiums inside the 80% range, against a baseline
 * measured in the same run (the book's median rate per dollar insured times the risk's insured
 * value, the estimate one would make without comparables); and the time of one prediction with its
 * drivers (ms, p50 and p99) against the baseline of the ranges alone.
 */
import { quantileSorted } from 'simple-statistics';
import { fitPriceModel } from '../../server/price-predictor/fit-price-model.ts';
import { predictPremium, predictRisk } from '../../server/price-predictor/predict-premium.ts';
import { pricePredictorConfig as config } from '../../server/price-predictor/predictor-config.ts';
import { insuredValue } from '../../server/price-predictor/risk-inputs.ts';
import { sampleBook, samplePastQuotes } from '../../server/price-predictor/sample-book.ts';
import { markdownTable, ratio } from './markdown-table.ts';
import { percentile } from './percentile.ts';

const RISKS = Number(process.env.BENCH_PREDICTOR_RISKS ?? 5000);
const TIMED_PREDICTIONS = 200;

/** Times `run` over `count` calls; ms samples. */
function timed(count: number, run: (index: number) => void): number[] {
  return Array.from({ length: count }, (_, index) => {
    const started = performance.now();
    run(index);
    return performance.now() - started;
  });
}

const percent = (share: number | null) => (share === null ? 'n/a' : `${(share * 100).toFixed(1)}%`);

/** Builds the book, fits, measures; returns the report section. */
export async function predictorBench(): Promise<string> {
  const quotes = samplePastQuotes(await sampleBook(RISKS, 11), config);
  const fitStarted = performance.now();
  const model = fitPriceModel(quotes, config);
  const fitMs = performance.now() - fitStarted;

  // Baseline: one book-wide rate per dollar insured (training applications only).
  const training = quotes.filter((quote) => quote.application_id % config.holdout_every !== 0);
  const rates = training
    .map((quote) => quote.premium / insuredValue(quote.inputs, config))
    .sort((a, b) => a - b);
  const [low, middle, high] = config.range_quantiles.map((q) => quantileSorted(rates, q));
  const heldOut = quotes
    .filter((quote) => quote.application_id % config.holdout_every === 0)
    .slice(0, model.accuracy.evaluated + model.accuracy.unpredicted);
  const baselineErrors = heldOut.map((quote) => {
    const insured = insuredValue(quote.inputs, config);
    return Math.abs(middle * insured - quote.premium) / quote.premium;
  });
  const baselineInside = heldOut.filter((quote) => {
    const insured = insuredValue(quote.inputs, config);
    return quote.premium >= low * insured && quote.premium <= high * insured;
  }).length;
  const baselineMdape = quantileSorted(
    [...baselineErrors].sort((a, b) => a - b),
    0.5,
  );
  const baselineCoverage = heldOut.length ? baselineInside / heldOut.length : null;

  const asked = heldOut.filter((_, index) => index % 5 === 0).slice(0, TIMED_PREDICTIONS);
  const withDrivers = timed(asked.length, (i) =>
    predictPremium(model, asked[i].product, asked[i].inputs, config),
  );
  const rangesOnly = timed(asked.length, (i) =>
    predictRisk(model, asked[i].product, asked[i].inputs, config),
  );

  const mdape = model.accuracy.median_absolute_percentage_error;
  const table = markdownTable(
    ['measure', 'model:', 'baseline:', 'model / baseline:'],
    [
      [
        'median absolute % error of the expected premium',
        percent(mdape),
        percent(baselineMdape),
        ratio(mdape ?? undefined, baselineMdape),
      ],
      [
        'held-out premiums inside the 80% range',
        percent(model.accuracy.range_coverage),
        percent(baselineCoverage),
        ratio(model.accuracy.range_coverage ?? undefined, baselineCoverage ?? undefined),
      ],
      [
        'one prediction p50 (ms; baseline: ranges without drivers)',
        percentile(withDrivers, 50).toFixed(1),
        percentile(rangesOnly, 50).toFixed(1),
        ratio(percentile(withDrivers, 50), percentile(rangesOnly, 50)),
      ],
      [
        'one prediction p99 (ms)',
        percentile(withDrivers, 99).toFixed(1),
        percentile(rangesOnly, 99).toFixed(1),
        ratio(percentile(withDrivers, 99), percentile(rangesOnly, 99)),
      ],
    ],
  );
  const notes = [
    `- Sample book: ${RISKS} Primary risks, ${quotes.length} quoted premiums; held-out applications: one in ${config.holdout_every}, ${model.accuracy.evaluated} quotes predicted, ${model.accuracy.unpredicted} without enough comparables.`,
    `- Fit (nightly job's work, accuracy included): ${fitMs.toFixed(0)} ms. Model: ${config.neighbours} nearest applications, at least ${config.min_comparables}.`,
    '- Baseline: the book-wide rate per dollar insured (median, 10th and 90th percentile) times the insured value.',
  ];
  return `## Price predictor: held-out accuracy\n\n${notes.join('\n')}\n\n${table}\n`;
}
