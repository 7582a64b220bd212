package dev.quintet.router.providers;

import java.net.URI;

/**
 * An upstream provider the router can reach.
 *
 * @param slug the short name used in the catalog and in {@code provider.order}, e.g. {@code openai}
 * @param name the display name, e.g. {@code OpenAI}
 * @param baseUrl the base of its API; the adapter of its wire format resolves its paths against it
 * @param apiKeyVariable the environment variable holding its key, null for providers from the config file
 * @param wireFormat the API it speaks
 * @param dataPolicy what it does with what it is sent; {@link DataPolicy#UNKNOWN} when null
 */
public record ProviderInfo(String slug, String name, URI baseUrl, String apiKeyVariable, WireFormat wireFormat,
                           DataPolicy dataPolicy) {

    public ProviderInfo {
        if (slug == null || !slug.matches("[a-z0-9][a-z0-9._-]*")) {
            throw new IllegalArgumentException("provider slug must be lower-case letters, digits, '.', '_' or '-', got '"
                    + slug + "'");
        }
        if (baseUrl == null || baseUrl.getScheme() == null || !baseUrl.getScheme().matches("https?")) {
            throw new IllegalArgumentException("base_url of provider " + slug + " must be an http or https URL, got "
                    + baseUrl);
        }
        name = name == null || name.isBlank() ? slug : name;
        if (wireFormat == null) {
            throw new IllegalArgumentException("provider " + slug + " needs a wire format");
        }
        dataPolicy = dataPolicy == null ? DataPolicy.UNKNOWN : dataPolicy;
    }

    /** {@code path} (without a leading slash) under the base URL. */
    public URI resolve(String path) {
        String base = baseUrl.toString();
        return URI.create(base.endsWith("/") ? base + path : base + "/" + path);
    }

    public ProviderInfo withBaseUrl(URI url) {
        return new ProviderInfo(slug, name, url, apiKeyVariable, wireFormat, dataPolicy);
    }

    public boolean matches(String nameOrSlug) {
        return slug.equalsIgnoreCase(nameOrSlug) || name.equalsIgnoreCase(nameOrSlug);
    }
}
