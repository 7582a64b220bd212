package dev.quintet.router.providers;

import java.util.Arrays;
import java.util.Locale;

/** The API a provider speaks; it picks the adapter that translates OpenAI's chat-completions format to it. */
public enum WireFormat {

    /** {@code POST {base}/chat/completions}, OpenAI's format, passed through. */
    OPENAI,
    /** {@code POST {base}/v1/messages}, Anthropic Messages. */
    ANTHROPIC,
    /** {@code POST {base}/v1beta/models/{model}:generateContent}, Google Gemini. */
    GEMINI;

    /** The name used in the config file's {@code api} field. */
    public String configName() {
        return name().toLowerCase(Locale.ROOT);
    }

    public static WireFormat ofConfigName(String name) {
        return Arrays.stream(values()).filter(f -> f.configName().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("api must be one of openai, anthropic, gemini, got '"
                        + name + "'"));
    }
}
