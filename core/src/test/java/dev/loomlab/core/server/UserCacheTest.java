package dev.loomlab.core.server;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The memory endpoint's cache: users from a pool of 10,000 in a repeatable order, never more entries than its capacity. */
class UserCacheTest {
    @Test
    void itHoldsOneEntryPerSlotUsedAndNeverMoreThanItsCapacity() {
        UserCache cache = new UserCache(50, 100);
        Set<Integer> slotsUsed = new HashSet<>();
        for (int i = 0; i < 2_000; i++) {
            int user = cache.retainRandomUser();
            assertThat(user).isBetween(0, UserCache.USERS - 1);
            slotsUsed.add(user % 50);
            assertThat(cache.entries()).isEqualTo(slotsUsed.size()).isLessThanOrEqualTo(50);
        }
    }

    @Test
    void theUsersAreDrawnFromTheWholePoolInTheSameOrderEveryRun() {
        UserCache first = new UserCache(UserCache.USERS, 1);
        UserCache second = new UserCache(10, 1);
        List<Integer> a = new ArrayList<>();
        List<Integer> b = new ArrayList<>();
        Set<Integer> distinct = new HashSet<>();
        for (int i = 0; i < 100_000; i++) {
            a.add(first.retainRandomUser());
            b.add(second.retainRandomUser());
            distinct.add(a.get(i));
        }
        assertThat(a).isEqualTo(b);
        // 100,000 uniform draws miss about 10,000 × e^-10 ≈ 0.5 of 10,000 users
        assertThat(distinct.size()).isGreaterThan(UserCache.USERS - 20);
        assertThat(first.entries()).isEqualTo(distinct.size());
    }

    @Test
    void aCapacityOutsideThePoolIsRefused() {
        assertThatThrownBy(() -> new UserCache(UserCache.USERS + 1, 1)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new UserCache(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }
}
