package dev.loomlab.db;

import dev.loomlab.core.BadInputException;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class DbAddressTest {

    @Test
    void readsHostPortAndDatabaseAndTakesPostgresDefaultPort() {
        DbAddress a = DbAddress.parse("jdbc:postgresql://127.0.0.1:6543/shop", "app", "s3cret");
        assertThat(a.host()).isEqualTo("127.0.0.1");
        assertThat(a.port()).isEqualTo(6543);
        assertThat(a.database()).isEqualTo("shop");
        assertThat(DbAddress.parse("jdbc:postgresql://db.local/shop", "app", "").port()).isEqualTo(5432);
    }

    @Test
    void neverShowsThePassword() {
        DbAddress a = DbAddress.parse("jdbc:postgresql://127.0.0.1:6543/shop", "app", "s3cret");
        assertThat(a.toString()).contains("app").doesNotContain("s3cret");
    }

    @Test
    void refusesCredentialsOrOptionsInTheUrlAndOtherDatabases() {
        assertThatThrownBy(() -> DbAddress.parse("jdbc:postgresql://h/db?password=x", "u", ""))
                .isInstanceOf(BadInputException.class).hasMessageContaining(DbAddress.PASSWORD_VARIABLE);
        assertThatThrownBy(() -> DbAddress.parse("jdbc:postgresql://u:p@h/db", "u", ""))
                .isInstanceOf(BadInputException.class);
        assertThatThrownBy(() -> DbAddress.parse("jdbc:mysql://h/db", "u", ""))
                .isInstanceOf(BadInputException.class).hasMessageContaining("jdbc:postgresql://");
        assertThatThrownBy(() -> DbAddress.parse("jdbc:postgresql://h/", "u", ""))
                .isInstanceOf(BadInputException.class);
    }
}
