-- The provider's own name for how an answer ended (Anthropic's end_turn, Gemini's STOP), as /generation shows it;
-- null for records written before it was kept.
ALTER TABLE router.generations ADD COLUMN native_finish_reason text;
ALTER TABLE router.generations ALTER COLUMN native_finish_reason SET STATISTICS 0;
