package dev.loomlab.core.fanout;

import java.util.List;

/** Article 001's service: four remote calls, each blocking for a while. */
public interface UserService {
    User fetchUser(int id) throws Exception;

    List<Order> fetchOrders(int id) throws Exception;

    Preferences fetchPreferences(int id) throws Exception;

    List<Notification> fetchNotifications(int id) throws Exception;

    /** Builds profile {@code id} with the four calls run one after another (a reference, not a model). */
    default UserProfile buildSerially(int id) throws Exception {
        User user = fetchUser(id);
        return new UserProfile(user, fetchOrders(user.id()), fetchPreferences(user.id()), fetchNotifications(user.id()));
    }
}
