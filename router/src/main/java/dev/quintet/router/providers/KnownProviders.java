package dev.quintet.router.providers;

import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * The public providers the router knows: their base URLs, key variables and wire formats. Anthropic and Google are
 * called natively; the others through their OpenAI-compatible APIs. Data policies are those their API terms state
 * for paid use (Google's unpaid tier may train on what it is sent); where no policy is given here it was not found
 * stated, and {@link DataPolicy#UNKNOWN} applies. OpenRouter's depends on where it routes each request.
 */
public final class KnownProviders {

    /** In the order {@code GET /providers} lists them. */
    public static final List<ProviderInfo> ALL = List.of(
            p("openai", "OpenAI", "https://api.openai.com/v1", "OPENAI_API_KEY", WireFormat.OPENAI,
                    DataPolicy.retainedFor(30)),
            p("anthropic", "Anthropic", "https://api.anthropic.com", "ANTHROPIC_API_KEY", WireFormat.ANTHROPIC,
                    DataPolicy.retainedFor(30)),
            p("google", "Google AI Studio", "https://generativelanguage.googleapis.com", "GEMINI_API_KEY",
                    WireFormat.GEMINI, DataPolicy.retainedFor(55)),
            p("groq", "Groq", "https://api.groq.com/openai/v1", "GROQ_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("together", "Together", "https://api.together.xyz/v1", "TOGETHER_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("fireworks", "Fireworks", "https://api.fireworks.ai/inference/v1", "FIREWORKS_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("deepseek", "DeepSeek", "https://api.deepseek.com/v1", "DEEPSEEK_API_KEY", WireFormat.OPENAI,
                    DataPolicy.mayTrain()),
            p("mistral", "Mistral", "https://api.mistral.ai/v1", "MISTRAL_API_KEY", WireFormat.OPENAI,
                    DataPolicy.retainedFor(30)),
            p("xai", "xAI", "https://api.x.ai/v1", "XAI_API_KEY", WireFormat.OPENAI, DataPolicy.retainedFor(30)),
            p("openrouter", "OpenRouter", "https://openrouter.ai/api/v1", "OPENROUTER_API_KEY", WireFormat.OPENAI,
                    null),
            p("deepinfra", "DeepInfra", "https://api.deepinfra.com/v1/openai", "DEEPINFRA_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("cerebras", "Cerebras", "https://api.cerebras.ai/v1", "CEREBRAS_API_KEY", WireFormat.OPENAI, null),
            p("perplexity", "Perplexity", "https://api.perplexity.ai", "PERPLEXITY_API_KEY", WireFormat.OPENAI, null),
            p("novita", "NovitaAI", "https://api.novita.ai/v3/openai", "NOVITA_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("nebius", "Nebius", "https://api.studio.nebius.com/v1", "NEBIUS_API_KEY", WireFormat.OPENAI,
                    DataPolicy.zeroRetention()),
            p("moonshot", "Moonshot AI", "https://api.moonshot.ai/v1", "MOONSHOT_API_KEY", WireFormat.OPENAI, null),
            p("alibaba", "Alibaba Cloud", "https://dashscope-intl.aliyuncs.com/compatible-mode/v1", "DASHSCOPE_API_KEY",
                    WireFormat.OPENAI, null),
            p("z-ai", "Z.AI", "https://api.z.ai/api/paas/v4", "ZAI_API_KEY", WireFormat.OPENAI, null),
            p("minimax", "MiniMax", "https://api.minimax.io/v1", "MINIMAX_API_KEY", WireFormat.OPENAI, null),
            p("cohere", "Cohere", "https://api.cohere.ai/compatibility/v1", "COHERE_API_KEY", WireFormat.OPENAI, null));

    private KnownProviders() {
    }

    public static Optional<ProviderInfo> bySlug(String slug) {
        return ALL.stream().filter(p -> p.slug().equals(slug)).findFirst();
    }

    private static ProviderInfo p(String slug, String name, String baseUrl, String variable, WireFormat format,
                                  DataPolicy policy) {
        return new ProviderInfo(slug, name, URI.create(baseUrl), variable, format, policy);
    }
}
