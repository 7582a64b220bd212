package dev.quintet.router.providers;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The providers the router knows and which of them it can call: a known provider is callable when its key
 * variable is set (or the config file gives a key); a provider the config file defines is always callable.
 */
public final class ProviderConnections {

    private final Map<String, ProviderInfo> providers = new LinkedHashMap<>();
    private final Map<String, Connection> connections = new LinkedHashMap<>();

    public ProviderConnections(RouterEnvironment env, RouterConfig config) {
        KnownProviders.ALL.forEach(p -> providers.put(p.slug(), p));
        Map<String, RouterConfig.ConfiguredProvider> configured = new LinkedHashMap<>();
        config.providers().forEach(c -> configured.put(c.info().slug(), c));
        configured.values().forEach(c -> providers.put(c.info().slug(), c.info()));
        for (ProviderInfo p : providers.values()) {
            RouterConfig.ConfiguredProvider c = configured.get(p.slug());
            String key = c == null ? null : c.apiKey();
            if (key == null && c != null && c.apiKeyVariable() != null) {
                key = env.get(c.apiKeyVariable());
            }
            if (key == null && p.apiKeyVariable() != null) {
                key = env.get(p.apiKeyVariable());
            }
            if (key != null || (c != null && p.apiKeyVariable() == null)) {
                connections.put(p.slug(), new Connection(p, key));
            }
        }
    }

    public List<ProviderInfo> providers() {
        return new ArrayList<>(providers.values());
    }

    public Optional<ProviderInfo> provider(String slug) {
        return Optional.ofNullable(providers.get(slug));
    }

    public Optional<Connection> connection(String slug) {
        return Optional.ofNullable(connections.get(slug));
    }

    public boolean isConfigured(String slug) {
        return connections.containsKey(slug);
    }

    /** The variables that would make {@code slug} callable, for error messages. */
    public String howToConfigure(String slug) {
        ProviderInfo p = providers.get(slug);
        return p == null || p.apiKeyVariable() == null ? "add it to the QUINTET_ROUTER_CONFIG file"
                : "set " + p.apiKeyVariable();
    }
}
