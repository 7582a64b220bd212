package dev.quintet.router.billing;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * A prompt's or a generation's text, kept so its tokens can be counted if the provider reports no usage: separate
 * texts (messages, fields) are counted apart, the pieces of one streamed text together. Past {@link #KEPT_CHARS}
 * only the size is kept, and the count is scaled up from the part kept.
 */
public final class CountableText {

    static final int KEPT_CHARS = 1 << 20;

    private final List<StringBuilder> texts = new ArrayList<>();
    private int keptChars;
    private long bytes;
    private long keptBytes;

    /** Adds a text of its own. */
    public void add(String text) {
        texts.add(new StringBuilder());
        append(text);
    }

    /** Continues the last text. */
    public void append(String text) {
        if (text == null || text.isEmpty()) {
            return;
        }
        long size = text.getBytes(StandardCharsets.UTF_8).length;
        bytes += size;
        if (keptChars < KEPT_CHARS) {
            if (texts.isEmpty()) {
                texts.add(new StringBuilder());
            }
            texts.getLast().append(text);
            keptChars += text.length();
            keptBytes += size;
        }
    }

    /** UTF-8 bytes of all the text. */
    public long bytes() {
        return bytes;
    }

    /** The tokens of the text as the tokenizer counts them. */
    public long tokens() {
        long counted = 0;
        for (StringBuilder text : texts) {
            counted += Tokenizer.count(text);
        }
        return keptBytes == bytes ? counted : (counted * bytes + keptBytes - 1) / keptBytes;
    }
}
