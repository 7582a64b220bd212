package dev.quintet.router.providers;

import java.nio.file.Path;
import java.util.List;

/**
 * What the file named by {@code QUINTET_ROUTER_CONFIG} adds: providers (new ones, or new base URLs or keys for
 * known ones) and model endpoints.
 */
public record RouterConfig(List<ConfiguredProvider> providers, List<ConfiguredModel> models) {

    public RouterConfig {
        providers = List.copyOf(providers);
        models = List.copyOf(models);
    }

    /**
     * A provider entry of the file.
     *
     * @param apiKey the key itself, or null
     * @param apiKeyVariable an environment variable holding the key, or null
     */
    public record ConfiguredProvider(ProviderInfo info, String apiKey, String apiKeyVariable) {
    }

    public static RouterConfig empty() {
        return new RouterConfig(List.of(), List.of());
    }

    /** Reads and checks the file; a broken file stops start-up with a message naming the file and field. */
    public static RouterConfig read(Path file) {
        return RouterConfigFile.read(file);
    }
}
