package dev.loomlab.example;

import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * The example service that {@code loomlab assess} is shown and tested on: a Spring Boot web application on
 * Tomcat whose endpoints ({@link Endpoints}) each wait or work in one of the ways that decide whether virtual
 * threads help, with a PostgreSQL of its own when no {@code spring.datasource.url} is given
 * ({@link EmbeddedDatabase}). Run it with {@code java -jar} on its executable jar; start it with
 * {@code -Dspring.threads.virtual.enabled=true} for a virtual thread per request.
 */
@SpringBootApplication
public class ExampleService {
    public static void main(String[] args) {
        SpringApplication app = new SpringApplication(ExampleService.class);
        app.addInitializers(EmbeddedDatabase.initializer());
        app.run(args);
    }
}
