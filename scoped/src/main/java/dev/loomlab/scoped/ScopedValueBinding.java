package dev.loomlab.scoped;

import dev.loomlab.core.threadlocal.ScopedBinding;

import java.util.function.ToLongFunction;

/** {@link ScopedBinding} by JDK 25's {@link ScopedValue}: the object bound for the extent of one call, read back inside it. */
public final class ScopedValueBinding implements ScopedBinding {
    private static final ScopedValue<Object> OBJECT = ScopedValue.newInstance();

    @Override
    public long call(Object value, ToLongFunction<Object> use) {
        return ScopedValue.where(OBJECT, value).call(() -> use.applyAsLong(OBJECT.get()));
    }
}
