-- A letter sent to every player stays valid until valid_until (issue 15 item 11): a player who registers
-- before then receives it too. NULL on sends to one player. Sends written before this migration reached
-- the players of their instant only.
ALTER TABLE letter_sends ADD COLUMN valid_until TEXT;
