package dev.quintet.router;

import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import dev.quintet.router.web.OpenAiErrorShape;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.jackson.autoconfigure.JsonMapperBuilderCustomizer;
import org.springframework.context.annotation.Bean;
import tools.jackson.core.StreamWriteFeature;

/** The LLM router app (S1): callable from browsers, errors in the OpenAI/OpenRouter shape. */
@QuintetApiApplication
public class RouterApplication {

    /** Chat bodies carry whole conversations and inline images. */
    static final long MAX_BODY_BYTES = 16L * 1024 * 1024;

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.of("router", true).withErrorShape(new OpenAiErrorShape()).withMaxBodyBytes(MAX_BODY_BYTES);
    }

    @Bean
    InitializingBean routerSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "router");
    }

    /** Money goes out as plain decimals ({@code 0.00000025}), never in exponent form. */
    @Bean
    JsonMapperBuilderCustomizer plainDecimals() {
        return builder -> builder.enable(StreamWriteFeature.WRITE_BIGDECIMAL_AS_PLAIN);
    }
}
