-- An agent's listing filtered by product (get-agent-applications-list with carrier_quote_type)
-- walks only that product's rows of the agent, newest first: the product is a key of this index,
-- so the scan starts and stops at it instead of testing every one of the agent's entries in
-- applications_agent_listing_idx (0036). Status and address are included, so counting and the
-- address filter stay index-only; carrier_quote_type is included because PostgreSQL only plans an
-- index-only scan when every column the query names is in the index, even one it reads through
-- the key's expression (issue 18; docs/decisions/640-listing-one-scan-and-product-index.md).
CREATE INDEX applications_agent_product_idx
  ON applications (agent_id, (carrier_quote_type ->> 0), created_at DESC, id DESC)
  INCLUDE (status, searched_address, carrier_quote_type);
