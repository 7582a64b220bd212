package dev.quintet.platform.web;

import dev.quintet.platform.BuildVersion;
import io.swagger.v3.oas.models.Components;
import io.swagger.v3.oas.models.OpenAPI;
import io.swagger.v3.oas.models.info.Info;
import io.swagger.v3.oas.models.security.SecurityRequirement;
import io.swagger.v3.oas.models.security.SecurityScheme;

/**
 * The head of each service's generated API description ({@code /openapi.json}, read at {@code /docs}): its name,
 * build version and, for API-key services, the two accepted ways of sending a key. Paths and schemas come from the
 * controllers.
 */
final class ApiDocs {

    private ApiDocs() {
    }

    static OpenAPI describe(ServiceRealm realm) {
        OpenAPI api = new OpenAPI().info(new Info()
                .title("Quintet " + realm.name() + " API")
                .version(BuildVersion.get()));
        if (realm.apiKeys()) {
            api.components(new Components()
                    .addSecuritySchemes("bearer", new SecurityScheme().type(SecurityScheme.Type.HTTP).scheme("bearer")
                            .description("An API key from the console, as 'Authorization: Bearer <key>'"))
                    .addSecuritySchemes("api_key", new SecurityScheme().type(SecurityScheme.Type.APIKEY)
                            .in(SecurityScheme.In.QUERY).name("api_key")
                            .description("The same key as the query parameter 'api_key'")))
                    .addSecurityItem(new SecurityRequirement().addList("bearer"))
                    .addSecurityItem(new SecurityRequirement().addList("api_key"));
        }
        return api;
    }
}
