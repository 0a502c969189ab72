package dev.loomlab.example;

import com.zaxxer.hikari.HikariDataSource;
import org.springframework.boot.autoconfigure.condition.ConditionalOnBean;
import org.springframework.boot.context.properties.ConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/**
 * The HikariCP pool on the service's own PostgreSQL ({@link EmbeddedDatabase}), set up by
 * {@code spring.datasource.hikari.*} as Spring Boot's pool would be. Without an embedded database (a
 * {@code spring.datasource.url} was given) it stays out, and Spring Boot's DataSource auto-configuration
 * connects to that URL.
 */
@Configuration(proxyBeanMethods = false)
@ConditionalOnBean(EmbeddedDatabase.class)
public class EmbeddedDataSourceConfiguration {
    @Bean
    @ConfigurationProperties("spring.datasource.hikari")
    HikariDataSource dataSource(EmbeddedDatabase database) {
        HikariDataSource pool = new HikariDataSource();
        pool.setJdbcUrl(database.jdbcUrl());
        pool.setUsername(database.user());
        return pool;
    }
}
