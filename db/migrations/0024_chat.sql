-- Live chat between a player and the operators (issue 15 item 8). A player has at most one open
-- conversation; closing it keeps its messages, and the player's next message opens a new one.
CREATE TABLE chat_conversations (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id         INTEGER NOT NULL REFERENCES users (id),
  status          TEXT    NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'closed')),
  player_unread   INTEGER NOT NULL DEFAULT 0 CHECK (player_unread >= 0),   -- operator messages not yet seen
  operator_unread INTEGER NOT NULL DEFAULT 0 CHECK (operator_unread >= 0), -- player messages not yet seen
  last_message_at TEXT    NOT NULL,
  created_at      TEXT    NOT NULL,
  closed_at       TEXT,
  closed_by       TEXT    NOT NULL DEFAULT ''
) STRICT;

CREATE UNIQUE INDEX chat_open_per_player ON chat_conversations (user_id) WHERE status = 'open';
CREATE INDEX chat_conversations_user ON chat_conversations (user_id, id);
CREATE INDEX chat_conversations_recent ON chat_conversations (status, last_message_at);

CREATE TABLE chat_messages (
  id              INTEGER PRIMARY KEY AUTOINCREMENT,
  conversation_id INTEGER NOT NULL REFERENCES chat_conversations (id),
  sender          TEXT    NOT NULL CHECK (sender IN ('player', 'operator')),
  operator        TEXT    NOT NULL DEFAULT '', -- the operator's name on operator messages
  body            TEXT    NOT NULL,
  created_at      TEXT    NOT NULL
) STRICT;

CREATE INDEX chat_messages_conversation ON chat_messages (conversation_id, id);
