package dev.loomlab.core.fanout;

import java.util.List;

/** What one fan-out task builds: a user and three things fetched for it in parallel (article 001). */
public record UserProfile(User user, List<Order> orders, Preferences preferences, List<Notification> notifications) {

    /** The profile article 001's mock service yields for user {@code id}. */
    public static UserProfile expected(int id) {
        return new UserProfile(new User(id, "User-%d".formatted(id)),
                List.of(new Order("O1", "Item A"), new Order("O2", "Item B")),
                new Preferences(true, "en-US"),
                List.of(new Notification("N1", "Welcome"), new Notification("N2", "Discount")));
    }
}
