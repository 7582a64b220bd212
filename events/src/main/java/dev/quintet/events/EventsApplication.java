package dev.quintet.events;

import dev.quintet.events.auth.AccessTokens;
import dev.quintet.events.auth.BearerAuthenticator;
import dev.quintet.events.catalog.Categories;
import dev.quintet.events.catalog.EventSeeder;
import dev.quintet.events.catalog.Events;
import dev.quintet.events.export.CalendarFeeds;
import dev.quintet.events.organizing.EventPublishing;
import dev.quintet.events.organizing.Organizations;
import dev.quintet.events.search.EventLists;
import dev.quintet.events.search.EventSearch;
import dev.quintet.events.status.StatusSweep;
import dev.quintet.platform.tasks.PeriodicTask;
import dev.quintet.events.web.EventbriteErrorShape;
import dev.quintet.platform.db.SchemaMigrations;
import dev.quintet.platform.errors.ErrorWriter;
import dev.quintet.platform.web.QuintetApiApplication;
import dev.quintet.platform.web.ServiceRealm;
import java.time.Clock;
import javax.sql.DataSource;
import org.springframework.beans.factory.InitializingBean;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.boot.web.servlet.FilterRegistrationBean;
import org.springframework.context.annotation.Bean;
import org.springframework.core.Ordered;
import org.springframework.jdbc.core.simple.JdbcClient;

/** The event discovery app (S4): called by servers with OAuth 2 access tokens; errors in Eventbrite's shape. */
@QuintetApiApplication
@EnableConfigurationProperties(EventsProperties.class)
public class EventsApplication {

    @Bean
    ServiceRealm serviceRealm() {
        return ServiceRealm.oauth("events").withErrorShape(new EventbriteErrorShape()).withPublicPath("/v3/feeds");
    }

    @Bean
    InitializingBean eventsSchema(DataSource dataSource) {
        return () -> SchemaMigrations.migrate(dataSource, "events");
    }

    @Bean
    AccessTokens accessTokens(EventsProperties properties, Clock clock) {
        return new AccessTokens(properties, clock);
    }

    @Bean
    FilterRegistrationBean<BearerAuthenticator> bearerAuthenticator(AccessTokens tokens, ServiceRealm realm, ErrorWriter errors) {
        FilterRegistrationBean<BearerAuthenticator> bean = new FilterRegistrationBean<>(new BearerAuthenticator(tokens, realm, errors));
        bean.setOrder(Ordered.HIGHEST_PRECEDENCE + 10);
        return bean;
    }

    @Bean
    Events events(JdbcClient jdbc, Clock clock) {
        return new Events(jdbc, clock);
    }

    @Bean
    Categories categories(JdbcClient jdbc) {
        return new Categories(jdbc);
    }

    @Bean
    CalendarFeeds calendarFeeds(JdbcClient jdbc, Clock clock) {
        return new CalendarFeeds(jdbc, clock);
    }

    @Bean
    EventSearch eventSearch(JdbcClient jdbc, Clock clock) {
        return new EventSearch(jdbc, clock);
    }

    @Bean
    EventLists eventLists(JdbcClient jdbc, Clock clock) {
        return new EventLists(jdbc, clock);
    }

    @Bean
    EventSeeder eventSeeder(Events events, Clock clock) {
        return new EventSeeder(events, clock);
    }

    @Bean
    Organizations organizations(JdbcClient jdbc, Clock clock) {
        return new Organizations(jdbc, clock);
    }

    @Bean
    EventPublishing eventPublishing(Events events, Categories categories, Clock clock) {
        return new EventPublishing(events, categories, clock);
    }

    @Bean
    StatusSweep statusSweep(Events events, Clock clock) {
        return new StatusSweep(events, clock);
    }

    @Bean
    PeriodicTask statusSweepTask(StatusSweep sweep, EventsProperties properties) {
        return new PeriodicTask("event-status-sweep", properties.statusSweepInterval(), sweep::runOnce);
    }
}
