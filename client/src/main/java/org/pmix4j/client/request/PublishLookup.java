package org.pmix4j.client.request;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import org.pmix4j.api.Info;
import org.pmix4j.api.PublishedData;
import org.pmix4j.client.net.LocalIdentity;
import org.pmix4j.wire.message.LookupRequest;
import org.pmix4j.wire.message.PublishRequest;
import org.pmix4j.wire.message.UnpublishRequest;

/** Publish, Lookup and Unpublish: data the server keeps for others, under our user id. */
public final class PublishLookup {
    private final RequestSender sender;

    public PublishLookup(RequestSender sender) {
        this.sender = sender;
    }

    /** PMIx_Publish: the data, with directives such as PMIX_RANGE in the same list. */
    public CompletableFuture<Void> publish(List<Info> data) {
        return sender.sendForStatus(new PublishRequest(LocalIdentity.current().uid(), data), "publish");
    }

    /** PMIx_Lookup: the published data found for these keys. */
    public CompletableFuture<List<PublishedData>> lookup(List<String> keys, List<Info> directives) {
        return sender.send(new LookupRequest(LocalIdentity.current().uid(), keys, directives),
                u -> DataReplies.lookup(u, keys));
    }

    /** PMIx_Unpublish: withdraws our data for these keys (an empty list: all of it). */
    public CompletableFuture<Void> unpublish(List<String> keys, List<Info> directives) {
        return sender.sendForStatus(new UnpublishRequest(LocalIdentity.current().uid(), keys, directives),
                "unpublish of " + keys);
    }
}
