-- The shop's chats join the core's conversations (one turn skeleton for every app): each
-- chat's state and summary move over under the same chat id, then the old table goes.
INSERT INTO conversations (app, session_id, messages, state, updated_at, version)
SELECT 'shop', chat_id, '[]'::jsonb, state || jsonb_build_object('summary', summary), updated_at, version
FROM shop_chats
ON CONFLICT DO NOTHING;
DROP TABLE shop_chats;
