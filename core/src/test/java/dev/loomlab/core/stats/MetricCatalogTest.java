package dev.loomlab.core.stats;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A name's key: the one declared, the most specific family it belongs to, else a key read from its ending. */
class MetricCatalogTest {
    private static final MetricKey CHURN = new MetricKey("gc_churn_<pool>_mb", Unit.MB, Direction.LOWER_BETTER, Owner.TRIAL,
            "freed from one pool");
    private static final MetricKey CHURN_RATE = new MetricKey("gc_churn_<pool>_rate_mb_per_s", Unit.MB_PER_S, Direction.NEITHER,
            Owner.TRIAL, "freed from one pool per second");
    private static final MetricKey CARRIERS = new MetricKey("carriers", Unit.COUNT, Direction.NEITHER, Owner.TRIAL,
            "carrier threads");
    private static final MetricCatalog CATALOG = MetricCatalog.of(List.of(CHURN, CHURN_RATE, CARRIERS));

    @Test
    void aDeclaredNameIsItsOwnKey() {
        assertThat(CATALOG.key("carriers")).isSameAs(CARRIERS);
        assertThat(CATALOG.key("carriers").higherIsBetter()).isFalse();
    }

    @Test
    void aFamilyMemberIsTheMostSpecificFamilysKey() {
        assertThat(CHURN.named("g1_eden_space")).isEqualTo("gc_churn_g1_eden_space_mb");
        assertThat(CATALOG.find("gc_churn_g1_eden_space_mb")).contains(CHURN);
        assertThat(CATALOG.find("gc_churn_g1_eden_space_rate_mb_per_s")).contains(CHURN_RATE);
        assertThat(CATALOG.find("gc_churn__mb")).isEmpty();
        assertThat(CATALOG.find("gc_churn_<pool>_mb")).contains(CHURN);
        assertThatThrownBy(() -> CHURN.named("G1 Eden")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CARRIERS.named("x")).isInstanceOf(IllegalStateException.class);
    }

    @Test
    void aNameNothingDeclaresIsReadFromItsEnding() {
        MetricKey rate = CATALOG.key("orders_per_s");
        assertThat(rate.unit()).isEqualTo(Unit.PER_S);
        assertThat(rate.direction()).isEqualTo(Direction.HIGHER_BETTER);
        assertThat(CATALOG.key("queue_wait_ms").unit()).isEqualTo(Unit.MS);
        assertThat(CATALOG.key("queue_wait_ms").direction()).isEqualTo(Direction.LOWER_BETTER);
        assertThat(CATALOG.key("allocation_rate_mb_per_s").unit()).isEqualTo(Unit.MB_PER_S);
        assertThat(CATALOG.key("bytes_per_thread").unit()).isEqualTo(Unit.BYTES_PER_THREAD);
        assertThat(CATALOG.key("heap_bytes").unit()).isEqualTo(Unit.BYTES);
        assertThat(CATALOG.key("widgets").unit()).isEqualTo(Unit.COUNT);
        assertThat(CATALOG.find("widgets")).isEmpty();
    }

    @Test
    void tablesWriteAFigureInItsUnit() {
        assertThat(Unit.MS.with("83.8")).isEqualTo("83.8 ms");
        assertThat(Unit.PCT.with("41.5")).isEqualTo("41.5%");
        assertThat(Unit.PER_S.with("23,872")).isEqualTo("23,872/s");
        assertThat(Unit.BYTES_PER_TASK.with("512")).isEqualTo("512 B per task");
        assertThat(Unit.COUNT.with("3")).isEqualTo("3");
    }

    @Test
    void aKeyNeedsASnakeCaseNameAndADescription() {
        assertThatThrownBy(() -> new MetricKey("Wall_ms", Unit.MS, Direction.LOWER_BETTER, Owner.TRIAL, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MetricKey("a_<b>_<c>", Unit.MS, Direction.LOWER_BETTER, Owner.TRIAL, "x"))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new MetricKey("wall_ms", Unit.MS, Direction.LOWER_BETTER, Owner.TRIAL, " "))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aClassCannotDeclareOneNameTwice() {
        MetricKeys keys = new MetricKeys(Owner.TRIAL);
        keys.add("commits", Unit.COUNT, Direction.NEITHER, "one");
        assertThatThrownBy(() -> keys.add("commits", Unit.COUNT, Direction.NEITHER, "two"))
                .isInstanceOf(IllegalStateException.class);
        assertThat(keys.all()).extracting(MetricKey::name).containsExactly("commits");
    }
}
