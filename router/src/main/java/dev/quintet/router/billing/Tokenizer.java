package dev.quintet.router.billing;

import com.knuddels.jtokkit.Encodings;
import com.knuddels.jtokkit.api.Encoding;
import com.knuddels.jtokkit.api.EncodingType;

/**
 * Counts tokens of text with OpenAI's {@code o200k_base} encoding. Used only when a provider reports no usage: for
 * models with another tokenizer the count is close but not theirs, so it is marked as an estimate.
 */
final class Tokenizer {

    private Tokenizer() {
    }

    private static final class Loaded {
        static final Encoding O200K = Encodings.newDefaultEncodingRegistry().getEncoding(EncodingType.O200K_BASE);
    }

    static long count(CharSequence text) {
        return text.isEmpty() ? 0 : Loaded.O200K.countTokensOrdinary(text.toString());
    }
}
