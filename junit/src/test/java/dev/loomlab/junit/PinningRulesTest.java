package dev.loomlab.junit;

import dev.loomlab.core.pinning.UserFirstStack;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which frames an allow entry names, and where a pinned stack's user frames begin. */
class PinningRulesTest {

    private static boolean allows(String entry, String frame) {
        return new PinningRules(0, List.of(entry)).allows(List.of("java.lang.Thread.sleep:10", frame));
    }

    @Test
    void anEntryNamesAPackageAClassWithItsNestedClassesOrAMethod() {
        assertThat(allows("com.acme", "com.acme.Db.query:12")).isTrue();
        assertThat(allows("com.acme.Db", "com.acme.Db.query:12")).isTrue();
        assertThat(allows("com.acme.Db", "com.acme.Db$Pool.get:3")).isTrue();
        assertThat(allows("com.acme.Db.query", "com.acme.Db.query:12")).isTrue();
        assertThat(allows("com.acme.Db.query", "com.acme.Db.query")).isTrue();
    }

    @Test
    void anEntryIsMatchedWholeNeverAsTheStartOfALongerName() {
        assertThat(allows("com.acme.Db", "com.acme.DbPool.get:3")).isFalse();
        assertThat(allows("com.acme.Db.query", "com.acme.Db.queryAll:3")).isFalse();
        assertThat(allows("com.ac", "com.acme.Db.query:12")).isFalse();
    }

    @Test
    void noEntryAllowsNothing() {
        assertThat(PinningRules.DEFAULT.allows(List.of("com.acme.Db.query:12"))).isFalse();
    }

    @Test
    void theUsersFramesBeginAtTheFirstFrameOutsideTheJdkAndTheTestRunner() {
        List<String> frames = List.of("java.lang.VirtualThread.parkOnCarrierThread:1", "java.lang.Thread.sleep:2",
                "com.acme.Db.query:3", "java.util.concurrent.FutureTask.run:4", "com.acme.DbTest.lambda$x$0:5");
        UserFirstStack s = UserFirstStack.of(frames);
        assertThat(s.blocking()).containsExactly("java.lang.VirtualThread.parkOnCarrierThread:1", "java.lang.Thread.sleep:2");
        assertThat(s.user()).containsExactly("com.acme.Db.query:3", "java.util.concurrent.FutureTask.run:4", "com.acme.DbTest.lambda$x$0:5");
    }

    @Test
    void aStackWithoutUserFramesStaysAsItCame() {
        List<String> frames = List.of("java.lang.Thread.sleep:2", "org.junit.platform.Foo.bar:3");
        UserFirstStack s = UserFirstStack.of(frames);
        assertThat(s.blocking()).isEmpty();
        assertThat(s.user()).isEqualTo(frames);
    }
}
