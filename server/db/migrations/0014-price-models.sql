-- Price predictor (issue 15): each fit of the price model by the price-model-refit job (nightly, or
-- asked by an admin): the past applications with their quoted premiums as the predictor searches
-- them, and the model's accuracy on held-out applications. The newest row is the model in use; the
-- job keeps the last few. docs/decisions/201-price-predictor.md.
CREATE TABLE price_models (
  id serial PRIMARY KEY,
  fitted_at timestamptz NOT NULL DEFAULT now(),
  quote_count integer NOT NULL,
  application_count integer NOT NULL,
  model jsonb NOT NULL
);
