package dev.quintet.console;

import dev.quintet.console.oauth.OAuthClients;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.web.CommonWebConfiguration;
import java.security.SecureRandom;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Import;
import org.springframework.context.annotation.PropertySource;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The console app: server-rendered pages behind a session login. */
@SpringBootApplication
@Import(CommonWebConfiguration.class)
@EnableConfigurationProperties(ConsoleProperties.class)
@PropertySource("classpath:dev/quintet/console/console.properties")
public class ConsoleApplication {

    @Bean
    InitializingBean consoleSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "console");
    }

    @Bean
    OAuthClients oauthClients(JdbcClient jdbc, Clock clock, SecureRandom random) {
        return new OAuthClients(jdbc, clock, random);
    }
}
