-- Seed pairs as Stake-class sites run them (docs/provably-fair.md): besides the pair in use, the server
-- seed of the NEXT pair is drawn in advance and its hash shown, so a player chooses a new client seed
-- knowing what the server has already committed to. Rotating makes it the pair in use. Pairs made before
-- this migration draw theirs on first use.
ALTER TABLE provider_seeds ADD COLUMN next_server_seed TEXT;
ALTER TABLE provider_seeds ADD COLUMN next_server_seed_hash TEXT;
