/**
 * Types of the service's HTTP API, generated from /openapi.json by `deno task client`: do not edit by hand.
 */
export type paths = {
    "/healthz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The process is up
         * @description **Access:** no credential.
         */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/readyz": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Each dependency's state (database, Redis, and for retrieval the directory's freshness and the embedding endpoint); 503 when a required one is down
         * @description **Access:** no credential.
         */
        get: operations["getReadiness"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Prometheus metrics
         * @description **Access:** no credential.
         */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Walk users by cursor, or read the change feed with updatedSince
         * @description **Access:** a portal credential holding `directory:read`.
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user
         * @description **Access:** a portal credential holding `directory:read`.
         */
        get: operations["getUser"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The department hierarchy, parents before children across pages
         * @description **Access:** a portal credential holding `directory:read`.
         */
        get: operations["listDepartments"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Companies
         * @description **Access:** a portal credential holding `directory:read`.
         */
        get: operations["listCompanies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/sync-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Report the calling portal's sync outcome for one resource
         * @description **Access:** a portal credential holding `directory:sync`.
         */
        post: operations["reportSyncStatus"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/user-groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Groups changed after `since` (all without it), tombstones included, in version order
         * @description **Access:** a portal credential holding `directory:read`.
         */
        get: operations["listUserGroups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/user-groups/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Create a group, or replace it based on baseVersion (409 with the ledger's record when stale)
         * @description **Access:** a portal credential holding `directory:sync`.
         */
        put: operations["putUserGroup"];
        post?: never;
        /**
         * Delete a group based on baseVersion; returns the tombstone
         * @description **Access:** a portal credential holding `directory:sync`.
         */
        delete: operations["deleteUserGroup"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/user-groups/{id}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Add a member (based on baseVersion)
         * @description **Access:** a portal credential holding `directory:sync`.
         */
        put: operations["addUserGroupMember"];
        post?: never;
        /**
         * Remove a member (based on baseVersion)
         * @description **Access:** a portal credential holding `directory:sync`.
         */
        delete: operations["removeUserGroupMember"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/ontology/pack": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Approved concepts and relations, narrowed by scope; strong ETag, 304 on If-None-Match
         * @description **Access:** a portal credential holding `glossary:read`.
         */
        get: operations["getOntologyPack"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/glossary/matching-terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The matching dictionary of approved, active terms (tombstones after `since`)
         * @description **Access:** a portal credential holding `glossary:read`.
         */
        get: operations["listMatchingTerms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/glossary/term-proposals": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Propose terms (always `proposed`); existing notations are skipped
         * @description **Access:** a portal credential holding `glossary:write`.
         */
        post: operations["proposeTerms"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/glossary/terms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a term's definition, aliases, abbreviations or scope; its status never changes here
         * @description A proposed or rejected term is edited in place, only by the portal that proposed it (another portal: 403 portal_mismatch), and answers 200 with the term. A term that has been approved keeps its approved text: the edit becomes this portal's pending revision (replacing the one it had) and answers 202 with it; an administrator approves or rejects it. An edit equal to the approved text withdraws it (200).
         *
         *     **Access:** a portal credential holding `glossary:write`.
         */
        patch: operations["updateTerm"];
        trace?: never;
    };
    "/api/directory/v1/content-term-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Links in version order (tombstones included unless includeDeleted=false)
         * @description **Access:** a portal credential holding `glossary:read`.
         */
        get: operations["listContentTermLinks"];
        put?: never;
        /**
         * Push links (idempotent); terms not approved or active, and protected pairs, come back in skipped
         * @description **Access:** a portal credential holding `glossary:write`.
         */
        post: operations["pushContentTermLinks"];
        /**
         * Soft-delete the caller's links selected by contentKey and/or termId
         * @description **Access:** a portal credential holding `glossary:write`.
         */
        delete: operations["deleteContentTermLinks"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/content-bodies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Queue a content body for the term-linking worker (the body is deleted once linked)
         * @description **Access:** a portal credential holding `glossary:write`.
         */
        post: operations["submitContentBody"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/content-bodies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The state of a queued content body (the caller's own)
         * @description **Access:** a portal credential holding `glossary:write`.
         */
        get: operations["getContentBodyJob"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/whoami": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling portal, how it signed in and the scopes its credential holds
         * @description **Access:** any portal credential.
         */
        get: operations["whoAmI"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/subscriptions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The calling portal's subscriptions with their recent deliveries
         * @description **Access:** a portal credential holding `webhooks:manage`.
         */
        get: operations["listSubscriptions"];
        put?: never;
        /**
         * Register a webhook subscription; the answer holds its signing secret, shown this once
         * @description **Access:** a portal credential holding `webhooks:manage`.
         */
        post: operations["createSubscription"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/subscriptions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One of the calling portal's subscriptions (404 for another portal's)
         * @description **Access:** a portal credential holding `webhooks:manage`.
         */
        get: operations["getSubscription"];
        put?: never;
        post?: never;
        /**
         * Delete a subscription; nothing more is delivered to it
         * @description **Access:** a portal credential holding `webhooks:manage`.
         */
        delete: operations["deleteSubscription"];
        options?: never;
        head?: never;
        /**
         * Pause or resume (also a failing one) a subscription, or rotate its secret
         * @description **Access:** a portal credential holding `webhooks:manage`.
         */
        patch: operations["updateSubscription"];
        trace?: never;
    };
    "/api/directory/v1/authorization-snapshot": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Replace the calling portal's whole permission summary (streamed; gzip accepted; one at a time per portal)
         * @description **Access:** a portal credential holding `authorization:sync`.
         */
        post: operations["publishAuthorizationSnapshot"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/companies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List companies by cursor, or read their change feed with updatedSince
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListCompanies"];
        put?: never;
        /**
         * Create a company
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminCreateCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/companies/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One company
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetCompany"];
        put?: never;
        post?: never;
        /**
         * Delete a company; portals see a tombstone in the change feed
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        delete: operations["adminDeleteCompany"];
        options?: never;
        head?: never;
        /**
         * Change a company (send the version read; a company changed since is 409)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        patch: operations["adminUpdateCompany"];
        trace?: never;
    };
    "/api/directory/v1/admin/companies/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a company: it stays, marked inactive
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminDeactivateCompany"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/departments": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List departments by cursor, or read their change feed with updatedSince
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListDepartments"];
        put?: never;
        /**
         * Create a department
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminCreateDepartment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/departments/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One department
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetDepartment"];
        put?: never;
        post?: never;
        /**
         * Delete a department; portals see a tombstone in the change feed
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        delete: operations["adminDeleteDepartment"];
        options?: never;
        head?: never;
        /**
         * Change a department (send the version read; a department changed since is 409)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        patch: operations["adminUpdateDepartment"];
        trace?: never;
    };
    "/api/directory/v1/admin/departments/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a department: it stays, marked inactive
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminDeactivateDepartment"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/users:import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import users from JSON Lines or CSV (header row of field names); matched by loginId
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminImportUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List users by cursor, or read their change feed with updatedSince
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListUsers"];
        put?: never;
        /**
         * Create a user
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminCreateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One user
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetUser"];
        put?: never;
        post?: never;
        /**
         * Delete a user; portals see a tombstone in the change feed
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        delete: operations["adminDeleteUser"];
        options?: never;
        head?: never;
        /**
         * Change a user (send the version read; a user changed since is 409)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        patch: operations["adminUpdateUser"];
        trace?: never;
    };
    "/api/directory/v1/admin/users/{id}/deactivate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deactivate a user: it stays, marked inactive
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminDeactivateUser"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/sync-status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Every portal's sync status and credential failures
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetSyncStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit entries, newest first
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Without portalId: every portal's latest snapshot side by side; with it: that portal's entries
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListSnapshots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/snapshots/changes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * What a portal's latest snapshot added and removed per user against its previous one
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListSnapshotChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/snapshots/users/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A user's groups, roles and permissions in every portal, with collection times and drift
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetUserSnapshot"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/user-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Issue the signed user token the retrieval service accepts
         * @description For ACTIVE users only; ttl 60-3600 s, default 900; `operator: true` only for users in INSTALLATION_OPERATORS.
         *
         *     **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminIssueUserToken"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/terms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Terms by id, optionally of one status (the review queue is status=proposed)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListTerms"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/terms/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One term with its relations
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetTerm"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * Edit a term (status changes go through approve, reject and deprecate)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        patch: operations["adminUpdateTerm"];
        trace?: never;
    };
    "/api/directory/v1/admin/terms/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a term; links the content named in its evidence
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminApproveTerm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/terms/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a term
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminRejectTerm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/terms/{id}/deprecate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Deprecate a term
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminDeprecateTerm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/relations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Relate two concepts, or a concept and a reference node; a broader cycle is 422
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminCreateRelation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/relations/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Delete a relation of a term
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        delete: operations["adminDeleteRelation"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/content-term-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Links of every portal (by content key, term or portal)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListContentTermLinks"];
        put?: never;
        /**
         * Link a content to an approved, active term by hand (`manual`: no dictionary push overrides it)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminCreateContentTermLinks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/term-revisions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Portals' edits of approved terms, oldest first (the review queue is status=pending, the default)
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminListTermRevisions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/term-revisions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One revision: what it changes and the term's values of those fields now
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        get: operations["adminGetTermRevision"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/term-revisions/{id}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve a pending revision: its changes are applied to the term at a new glossary version
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminApproveTermRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/directory/v1/admin/term-revisions/{id}/reject": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reject a pending revision: the term keeps its approved text
         * @description **Access:** a directory admin key in `x-directory-admin-key`.
         */
        post: operations["adminRejectTermRevision"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * List the caller's documents, oldest change first, in cursor pages
         * @description **Access:** a user token with `rag:admin`, or a user token with `portal_id`.
         */
        get: operations["listDocuments"];
        put?: never;
        /**
         * Ingest a document: fetch, verify, extract, chunk, embed, index (wait=false: queue only)
         * @description **Access:** a user token.
         */
        post: operations["ingestDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/by-source": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Look a document up by the portal and the portal's own document id
         * @description **Access:** a user token.
         */
        get: operations["getDocumentBySource"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{documentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A document's status, chunk count and error, as the caller may see it
         * @description **Access:** a user token.
         */
        get: operations["getDocument"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/documents/{portalId}/{sourceDocumentId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Purge a document and every chunk in one transaction
         * @description **Access:** a user token with `rag:admin`.
         */
        delete: operations["purgeDocument"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/documents/{documentId}/publish": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve an indexed document for search
         * @description **Access:** a user token with `rag:admin`.
         */
        post: operations["publishDocument"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/documents/{documentId}/approve-fetch": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Approve fetching a document held for file-store approval
         * @description **Access:** a user token with `rag:admin`.
         */
        post: operations["approveDocumentFetch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The settings of one scope and their version
         * @description The installation's, or the tenant's effective settings with its overrides; no credentials.
         *
         *     **Access:** a user token with `rag:admin`, or a user token with `installation_operator`.
         */
        get: operations["getSettings"];
        /**
         * Change any subset of one scope's settings
         * @description Every change is a new, audited version. A tenant administrator changes only retrieval and lifecycle, for its own tenant (null drops an override); the rest only the installation operator (403 operator_required). An endpoint set that does not answer a short probe is stored all the same, with a warning.
         *
         *     **Access:** a user token with `rag:admin`, or a user token with `installation_operator`.
         */
        put: operations["updateSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/settings/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The latest changes of one scope's settings, newest first: what changed and when, never who
         * @description **Access:** a user token with `rag:admin`, or a user token with `installation_operator`.
         */
        get: operations["listSettingsChanges"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Hybrid search (vector, Korean full text, bigrams; RRF) over what the caller may see
         * @description **Access:** a user token.
         */
        post: operations["search"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A grounded answer from what the caller may see, with citations (text/event-stream to stream it)
         * @description **Access:** a user token.
         */
        post: operations["ask"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/admin/overview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Documents by status, chunks, jobs and queues, recent failures, organization sync, activity
         * @description **Access:** a user token with `rag:admin`.
         */
        get: operations["getRetrievalOverview"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Who the service takes the caller for: tenant, organizations, clearance and roles from the token
         * @description **Access:** a user token.
         */
        get: operations["getMe"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/explore/v1/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Document search for the gateway, under the delegated user's row-level security
         * @description **Access:** the gateway key, with the user's token in `x-explore-user-token`.
         */
        post: operations["gatewaySearch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/explore/v1/ask": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * A grounded answer for the gateway, under the delegated user's row-level security
         * @description **Access:** the gateway key, with the user's token in `x-explore-user-token`.
         */
        post: operations["gatewayAsk"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type webhooks = {
    "directory.changed": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sent to a subscription's URL: which records of a resource changed in a range of versions */
        post: operations["directoryChanged"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
};
export type components = {
    schemas: {
        WebhookEvent: {
            /** @enum {string} */
            type: "directory.changed";
            /** @enum {string} */
            resource: "users" | "departments" | "user-groups" | "glossary-terms" | "content-term-links";
            /** @description Exclusive: changes with a version above this */
            fromDataVersion: number;
            /** @description Inclusive: through this version */
            dataVersion: number;
            /** @description Changed records (content keys for content-term-links), deduplicated */
            ids: string[];
        };
        DirectoryUser: {
            /** Format: uuid */
            id: string;
            loginId: string;
            name: string;
            koreanName: string;
            englishName: string;
            email: string;
            jobTitle: string;
            position: string;
            employeeNo: string | null;
            isDepartmentHead: boolean;
            /** Format: uuid */
            departmentId: string | null;
            departmentName: string | null;
            deptCode: string | null;
            /** @enum {string} */
            employmentStatus: "ACTIVE" | "LEAVE" | "RETIRED";
            isEmployed: boolean;
            isActive: boolean;
            clearanceLevel: number;
            version: number;
            updatedAt: string;
            /** Format: uuid */
            companyId: string;
            companyDefaultLocale: string;
        };
        Tombstone: {
            /** Format: uuid */
            id: string;
            /** @enum {boolean} */
            deleted: true;
            version: number;
        };
        Meta: {
            dataVersion: number;
            generatedAt: string;
        };
        Problem: {
            type: string;
            title: string;
            status: number;
            code: string;
            detail: string;
            errors?: {
                path: string;
                message: string;
            }[];
            errorsOmitted?: number;
            requestId?: string;
        };
        Department: {
            /** Format: uuid */
            id: string;
            code: string;
            name: string;
            nameEn: string;
            /** Format: uuid */
            parentId: string | null;
            /** Format: uuid */
            companyId: string;
            companyDefaultLocale: string;
            isActive: boolean;
            depth: number;
            /** @description Ancestor ids from the root to this department, inclusive */
            path: string[];
            sortOrder: number;
            version: number;
            updatedAt: string;
        };
        Company: {
            /** Format: uuid */
            id: string;
            code: string;
            name: string;
            nameEn: string;
            defaultLocale: string;
            isActive: boolean;
            version: number;
            updatedAt: string;
        };
        SyncStatus: {
            portalId: string;
            /** @enum {string} */
            resource: "users" | "departments" | "user-groups" | "authorization-snapshot";
            /** @enum {string} */
            state: "NEVER_SYNCED" | "HEALTHY" | "STALE" | "FAILED";
            lastSuccessAt: string | null;
            lastFailureAt: string | null;
            error: string | null;
            dataVersion: number | null;
            updatedAt: string | null;
        };
        SyncReport: {
            portalId: string;
            /** @enum {string} */
            resource: "users" | "departments" | "user-groups" | "authorization-snapshot";
            /** @enum {string} */
            outcome: "success" | "failure";
            dataVersion?: number;
            error?: string;
            /** Format: date-time */
            occurredAt?: string;
        };
        UserGroup: {
            /** Format: uuid */
            id: string;
            code: string;
            name: string;
            description: string;
            /** Format: uuid */
            companyId: string | null;
            memberIds: string[];
            deleted: boolean;
            version: number;
            updatedAt: string;
        };
        UserGroupPush: {
            code: string;
            name: string;
            description?: string;
            /** Format: uuid */
            companyId?: string | null;
            memberIds?: string[];
            baseVersion?: number;
        };
        OntologyPack: {
            version: number;
            generatedAt: string;
            concepts: {
                /** Format: uuid */
                id: string;
                notation: string;
                aliases: string[];
                abbreviations: string[];
                definition: string;
                scope: string | null;
            }[];
            relations: {
                /** Format: uuid */
                sourceId: string;
                type: string;
                targetId: string;
            }[];
        };
        MatchingTerm: {
            /** Format: uuid */
            id: string;
            notation: string;
            aliases: string[];
            abbreviations: string[];
            definition: string;
            version: number;
        };
        TermProposals: {
            terms: components["schemas"]["TermProposal"][];
        };
        TermProposal: {
            notation: string;
            definition?: string;
            aliases?: string[];
            abbreviations?: string[];
            scope?: string;
            evidence?: components["schemas"]["TermEvidence"][];
        };
        TermEvidence: {
            /** @enum {string} */
            kind: "content";
            contentKey: string;
            excerpt?: string;
        };
        Term: {
            /** Format: uuid */
            id: string;
            notation: string;
            aliases: string[];
            abbreviations: string[];
            definition: string;
            scope: string | null;
            /** @enum {string} */
            status: "proposed" | "approved" | "rejected" | "deprecated";
            isActive: boolean;
            evidence: components["schemas"]["TermEvidence"][];
            proposedBy: string | null;
            decidedBy: string | null;
            decidedAt: string | null;
            version: number;
            createdAt: string;
            updatedAt: string;
        };
        TermRevision: {
            /** Format: uuid */
            id: string;
            /** Format: uuid */
            termId: string;
            notation: string;
            /** @enum {string} */
            termStatus: "proposed" | "approved" | "rejected" | "deprecated";
            /** @enum {string} */
            status: "pending" | "approved" | "rejected" | "superseded";
            proposedBy: string;
            changes: components["schemas"]["TermChanges"];
            current: components["schemas"]["TermChanges"];
            baseVersion: number;
            termVersion: number;
            decidedBy: string | null;
            decidedAt: string | null;
            createdAt: string;
        };
        TermChanges: {
            definition?: string;
            aliases?: string[];
            abbreviations?: string[];
            scope?: string | null;
        };
        PortalTermPatch: {
            definition?: string;
            aliases?: string[];
            abbreviations?: string[];
            scope?: string | null;
            /** @description Not writable: sending it is 400 status_not_writable */
            status?: unknown;
        };
        ContentTermLink: {
            contentKey: string;
            /** Format: uuid */
            termId: string;
            portalId: string;
            /** @enum {string} */
            detectedBy: "dictionary" | "llm" | "manual";
            confidence: number | null;
            deleted: boolean;
            deletedAt: string | null;
            version: number;
            createdAt: string;
            updatedAt: string;
            term?: {
                notation: string;
                definition: string;
            };
        };
        ContentTermLinkBatch: {
            links: components["schemas"]["ContentTermLinkPush"][];
        };
        ContentTermLinkPush: {
            contentKey: string;
            /** Format: uuid */
            termId: string;
            /** @enum {string} */
            detectedBy: "dictionary" | "llm" | "manual";
            confidence?: number;
        };
        ContentBody: {
            contentKey: string;
            title?: string;
            body: string;
            /** @enum {string} */
            contentType: "text/html" | "text/markdown" | "text/plain";
            candidateTerms?: string[];
        };
        WhoAmI: {
            portalId: string;
            /** @enum {string} */
            method: "api_key" | "jwt";
            scopes: ("directory:read" | "directory:sync" | "authorization:sync" | "glossary:read" | "glossary:write" | "webhooks:manage")[];
            subject?: string;
        };
        Subscription: {
            /** Format: uuid */
            id: string;
            portalId: string;
            url: string;
            resources: ("users" | "departments" | "user-groups" | "glossary-terms" | "content-term-links")[];
            companyId: string | null;
            /** @enum {string} */
            state: "active" | "paused" | "failing";
            consecutiveFailures: number;
            failingSince: string | null;
            nextAttemptAt: string;
            lastSuccessAt: string | null;
            lastError: string | null;
            previousSecretExpiresAt: string | null;
            createdAt: string;
            updatedAt: string;
            recentDeliveries: components["schemas"]["WebhookAttempt"][];
            /** @description whsec_...: shown once, when created or rotated */
            secret?: string;
        };
        WebhookAttempt: {
            messageId: string;
            /** @enum {string} */
            resource: "users" | "departments" | "user-groups" | "glossary-terms" | "content-term-links";
            fromDataVersion: number;
            dataVersion: number;
            idCount: number;
            /** @description The receiver's HTTP status; null when none came */
            status: number | null;
            error: string | null;
            durationMs: number;
            at: string;
        };
        SubscriptionCreate: {
            /** @description Where deliveries are POSTed; checked against the URL policy */
            url: string;
            resources: ("users" | "departments" | "user-groups" | "glossary-terms" | "content-term-links")[];
            /**
             * Format: uuid
             * @description Only changes of this company (records without a company always pass)
             */
            companyId?: string;
        };
        SubscriptionUpdate: {
            /**
             * @description active resumes (also a failing one); paused pauses
             * @enum {string}
             */
            state?: "active" | "paused";
            /**
             * @description A new secret; the old one stays valid for a day
             * @enum {boolean}
             */
            rotateSecret?: true;
        };
        AuthorizationSnapshotReceipt: {
            /** Format: uuid */
            snapshotId: string;
            portalId: string;
            sourceVersion: string;
            userCount: number;
            assignmentCount: number;
            collectedAt: string;
        };
        AuthorizationSnapshot: {
            portalId: string;
            sourceVersion: string;
            entries: components["schemas"]["AuthorizationEntry"][];
        };
        AuthorizationEntry: {
            /** Format: uuid */
            userId: string;
            assignments: components["schemas"]["AuthorizationAssignment"][];
        };
        AuthorizationAssignment: {
            /** @enum {string} */
            kind: "GROUP" | "ROLE" | "PERMISSION";
            key: string;
            label: string;
            scope?: string | null;
        };
        CompanyCreate: {
            code: string;
            name: string;
            nameEn?: string;
            defaultLocale?: string;
            isActive?: boolean;
        };
        CompanyPatch: {
            code?: string;
            name?: string;
            nameEn?: string;
            defaultLocale?: string;
            isActive?: boolean;
            version: number;
        };
        DepartmentCreate: {
            /** Format: uuid */
            companyId?: string;
            code: string;
            name: string;
            nameEn?: string;
            /** Format: uuid */
            parentId?: string | null;
            sortOrder?: number;
            isActive?: boolean;
        };
        DepartmentPatch: {
            code?: string;
            name?: string;
            nameEn?: string;
            /** Format: uuid */
            parentId?: string | null;
            sortOrder?: number;
            isActive?: boolean;
            version: number;
        };
        UserImportResult: {
            created: number;
            updated: number;
            unchanged: number;
            failed: number;
            results: {
                line: number;
                loginId: string | null;
                /** @enum {string} */
                status: "created" | "updated" | "unchanged" | "failed";
                /** Format: uuid */
                id?: string;
                code?: string;
                message?: string;
                field?: string;
            }[];
        };
        UserCreate: {
            loginId: string;
            /** Format: uuid */
            companyId?: string;
            koreanName?: string;
            englishName?: string;
            email?: "" | string;
            jobTitle?: string;
            position?: string;
            employeeNo?: string | null;
            isDepartmentHead?: boolean;
            /** Format: uuid */
            departmentId?: string | null;
            deptCode?: string | null;
            /** @enum {string} */
            employmentStatus?: "ACTIVE" | "LEAVE" | "RETIRED";
            isActive?: boolean;
            clearanceLevel?: number | ("PUBLIC" | "INTERNAL" | "CONFIDENTIAL" | "RESTRICTED");
        };
        UserPatch: {
            loginId?: string;
            /** Format: uuid */
            companyId?: string;
            koreanName?: string;
            englishName?: string;
            email?: "" | string;
            jobTitle?: string;
            position?: string;
            employeeNo?: string | null;
            isDepartmentHead?: boolean;
            /** Format: uuid */
            departmentId?: string | null;
            deptCode?: string | null;
            /** @enum {string} */
            employmentStatus?: "ACTIVE" | "LEAVE" | "RETIRED";
            isActive?: boolean;
            clearanceLevel?: number | ("PUBLIC" | "INTERNAL" | "CONFIDENTIAL" | "RESTRICTED");
            version: number;
        };
        PortalSync: {
            portalId: string;
            resources: components["schemas"]["SyncStatus"][];
            credentialFailures: {
                count: number;
                lastAt: string;
                lastReason: string;
            } | null;
            failingSubscriptions: string[];
            needsCheck: boolean;
        };
        AuditEntry: {
            id: number;
            at: string;
            actorKind: string;
            actorId: string | null;
            actorLabel: string | null;
            action: string;
            outcome: string;
            targetType: string | null;
            targetId: string | null;
            requestId: string | null;
            details: {
                [key: string]: unknown;
            };
        };
        PortalSnapshot: {
            portalId: string;
            snapshot: {
                /** Format: uuid */
                id: string;
                sourceVersion: string;
                collectedAt: string;
                userCount: number;
                assignmentCount: number;
            } | null;
            publication: {
                state: string;
                lastSuccessAt: string | null;
                lastFailureAt: string | null;
                error: string | null;
            };
            lastSyncAt: string | null;
            snapshotOlderThanSync: boolean;
            driftUsers: number;
            changedUsers: number;
        };
        SnapshotEntry: {
            /** Format: uuid */
            userId: string;
            loginId: string;
            koreanName: string;
            englishName: string;
            employmentStatus: string;
            isActive: boolean;
            deleted: boolean;
            /** Format: uuid */
            companyId: string;
            assignments: components["schemas"]["AuthorizationAssignment"][];
            drift: boolean;
        };
        SnapshotChange: {
            /** Format: uuid */
            userId: string;
            loginId: string | null;
            koreanName: string | null;
            englishName: string | null;
            added: components["schemas"]["AuthorizationAssignment"][];
            removed: components["schemas"]["AuthorizationAssignment"][];
        };
        IssuedUserToken: {
            token: string;
            /** @enum {string} */
            tokenType: "Bearer";
            expiresAt: string;
            claims: {
                [key: string]: unknown;
            };
        };
        UserTokenRequest: {
            /** Format: uuid */
            userId: string;
            ttlSeconds?: number;
            ragAdmin?: boolean;
            /** @description Adds `installation_operator: true`; only for users listed in INSTALLATION_OPERATORS (else 403) */
            operator?: boolean;
            /** @description The portal the token speaks for (claim portal_id): it may register and replace that portal's documents in the retrieval service */
            portalId?: string;
        };
        TermWithRelations: {
            /** Format: uuid */
            id: string;
            notation: string;
            aliases: string[];
            abbreviations: string[];
            definition: string;
            scope: string | null;
            /** @enum {string} */
            status: "proposed" | "approved" | "rejected" | "deprecated";
            isActive: boolean;
            evidence: components["schemas"]["TermEvidence"][];
            proposedBy: string | null;
            decidedBy: string | null;
            decidedAt: string | null;
            version: number;
            createdAt: string;
            updatedAt: string;
            relations: {
                /** Format: uuid */
                id: string;
                /** Format: uuid */
                sourceId: string;
                type: string;
                targetId: string;
                sourceNotation: string;
                targetNotation: string | null;
            }[];
        };
        AdminTermPatch: {
            notation?: string;
            definition?: string;
            aliases?: string[];
            abbreviations?: string[];
            scope?: string | null;
            isActive?: boolean;
            /** @description Not writable: use approve, reject or deprecate */
            status?: unknown;
        };
        RelationCreate: {
            /** Format: uuid */
            sourceId: string;
            /** @enum {string} */
            type: "broader" | "narrower" | "related" | "synonym" | "part_of" | "references";
            targetId: string;
        };
        ManualContentTermLink: {
            contentKey: string;
            /** Format: uuid */
            termId: string;
            confidence?: number;
        };
        DocumentPage: {
            items: components["schemas"]["DocumentSummary"][];
            nextCursor: string | null;
        };
        DocumentSummary: {
            /** Format: uuid */
            documentId: string;
            portalId: string;
            /** Format: uuid */
            sourceDocumentId: string;
            title: string;
            /** @enum {string} */
            status: "queued" | "indexing" | "indexed" | "failed" | "pending_approval";
            sourceVersion: string;
            indexedVersion: string | null;
            published: boolean;
            chunkCount: number;
            errorCode: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
        };
        IngestionResult: {
            /** @enum {boolean} */
            indexed: true;
            /** Format: uuid */
            documentId: string;
            chunkCount: number;
            sourceVersion: string;
        } | {
            /** @enum {boolean} */
            indexed: false;
            /** Format: uuid */
            documentId: string;
            /** @enum {string} */
            status: "queued" | "indexing" | "pending_approval";
        };
        IngestionRequest: {
            portalId: string;
            /** Format: uuid */
            sourceDocumentId: string;
            sourceVersion: string;
            /** Format: uuid */
            tenantId: string;
            organizationIds: string[];
            /** @enum {string} */
            securityLevel: "PUBLIC" | "INTERNAL" | "CONFIDENTIAL" | "RESTRICTED";
            classification?: string;
            title: string;
            contentLocator: string;
            checksum: string;
            contentType: string;
            registrant: {
                id: string;
                departmentCode: string;
            };
            sizeBytes: number;
        };
        DocumentState: {
            /** Format: uuid */
            documentId: string;
            /** @enum {string} */
            status: "queued" | "indexing" | "indexed" | "failed" | "pending_approval";
            chunkCount: number;
            sourceVersion: string;
            indexedVersion: string | null;
            published: boolean;
            error?: string;
            errorCode?: string;
        };
        VersionedRagSettings: components["schemas"]["RagInstallationSettings"] | components["schemas"]["RagTenantSettings"];
        RagInstallationSettings: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            scope: "installation";
            /** @description The installation's settings version (0: nothing stored yet) */
            version: number;
            settings: components["schemas"]["RagSettings"];
            /** @description PUT only: each endpoint the change set that did not answer a probe (the change is stored all the same) */
            warnings?: string[];
        };
        RagSettings: {
            ingestion: {
                chunkSize: number;
                chunkOverlap: number;
                workerCount: number;
                batchSize: number;
                maxRetries: number;
                backoffMs: number;
            };
            embedding: {
                /** @enum {string} */
                provider: "openai";
                /** Format: uri */
                endpoint: string | null;
                model: string;
                /** @enum {number} */
                dimensions: 1024;
            };
            retrieval: {
                rrfK: number;
                /** @enum {string} */
                textSearchConfig: "korean" | "simple";
                safeContexts: number;
                candidateLimit: number;
                weights: {
                    vector: number;
                    text: number;
                    bigram: number;
                };
                vectorFloor: {
                    model: string;
                    floor: number;
                } | null;
            };
            llm: {
                /** @enum {string} */
                provider: "ollama" | "openai";
                /** Format: uri */
                endpoint: string | null;
                model: string;
                temperature: number;
                maxContextTokens: number;
            };
            lifecycle: {
                publicationApprovalRequired: boolean;
                retentionDays: number;
                sourceDeleteCascade: boolean;
                fileStoreApprovalRequired: boolean;
            };
        };
        RagTenantSettings: {
            /**
             * @description discriminator enum property added by openapi-typescript
             * @enum {string}
             */
            scope: "tenant";
            /** @description The tenant's overrides version (0: none yet) */
            version: number;
            /** @description The installation's settings version beneath them */
            installationVersion: number;
            settings: components["schemas"]["RagSettings"];
            overrides: components["schemas"]["RagTenantOverrides"];
        };
        RagTenantOverrides: {
            retrieval?: {
                rrfK?: number;
                /** @enum {string} */
                textSearchConfig?: "korean" | "simple";
                safeContexts?: number;
                candidateLimit?: number;
                weights?: {
                    vector: number;
                    text: number;
                    bigram: number;
                };
            };
            lifecycle?: {
                publicationApprovalRequired?: boolean;
                retentionDays?: number;
                sourceDeleteCascade?: boolean;
                fileStoreApprovalRequired?: boolean;
            };
        };
        RagSettingsPatch: {
            ingestion?: {
                chunkSize?: number;
                chunkOverlap?: number;
                workerCount?: number;
                batchSize?: number;
                maxRetries?: number;
                backoffMs?: number;
            };
            embedding?: {
                /** @enum {string} */
                provider?: "openai";
                /** Format: uri */
                endpoint?: string | null;
                model?: string;
                /** @enum {number} */
                dimensions?: 1024;
            };
            retrieval?: {
                rrfK?: number | null;
                /** @enum {string|null} */
                textSearchConfig?: "korean" | "simple" | null;
                safeContexts?: number | null;
                candidateLimit?: number | null;
                weights?: {
                    vector: number;
                    text: number;
                    bigram: number;
                } | null;
                vectorFloor?: {
                    model: string;
                    floor: number;
                } | null;
            };
            llm?: {
                /** @enum {string} */
                provider?: "ollama" | "openai";
                /** Format: uri */
                endpoint?: string | null;
                model?: string;
                temperature?: number;
                maxContextTokens?: number;
            };
            lifecycle?: {
                publicationApprovalRequired?: boolean | null;
                retentionDays?: number | null;
                sourceDeleteCascade?: boolean | null;
                fileStoreApprovalRequired?: boolean | null;
            };
        };
        RagSettingsHistory: {
            /** @enum {string} */
            scope: "installation" | "tenant";
            items: components["schemas"]["RagSettingsChange"][];
        };
        RagSettingsChange: {
            version: number;
            changedAt: string;
            /** @description In a tenant's history null stands for the installation's value */
            changes: {
                [key: string]: [
                    unknown,
                    unknown
                ];
            };
        };
        SearchContext: {
            chunkId: string;
            /** Format: uuid */
            documentId: string;
            /** Format: uuid */
            sourceDocumentId: string;
            portalId: string;
            title: string;
            chunkIndex: number;
            content: string;
            headingPath: string[];
            /** @enum {string} */
            securityLevel: "PUBLIC" | "INTERNAL" | "CONFIDENTIAL" | "RESTRICTED";
            sourceVersion: string;
            vector_score: number | null;
            text_score: number | null;
            bigram_score: number | null;
            hybrid_score: number;
            vector_rank: number | null;
            text_rank: number | null;
            bigram_rank: number | null;
        };
        SearchRequest: {
            question: string;
            /** @default 10 */
            limit?: number;
            /** @description Only these rankings (all three by default), to see what each contributes */
            legs?: ("vector" | "text" | "bigram")[];
        };
        Answer: {
            answer: string;
            citations: components["schemas"]["Citation"][];
            grounded: boolean;
            /** @enum {string} */
            mode: "gateway" | "local" | "extractive";
            /** @enum {string} */
            reason?: "no_evidence" | "no_gateway_mapping";
        };
        Citation: {
            marker: number;
            /** Format: uuid */
            documentId: string;
            /** Format: uuid */
            sourceDocumentId: string;
            portalId: string;
            title: string;
            chunkIndex: number;
            excerpt: string;
        };
        AskRequest: {
            question: string;
        };
        RagOverview: {
            documents: {
                [key: string]: number;
            };
            chunks: {
                total: number;
                hidden: number;
            };
            jobs: {
                [key: string]: number;
            };
            /** @description null when Redis cannot be reached */
            queues: {
                stream: string;
                pending: number;
                lag: number;
                dead: number;
            }[] | null;
            recentFailures: {
                /** Format: uuid */
                documentId: string;
                portalId: string;
                /** Format: uuid */
                sourceDocumentId: string;
                sourceVersion: string;
                indexedVersion: string | null;
                title: string;
                error: string | null;
                errorCode: string | null;
                at: string;
            }[];
            organizations: {
                lastSuccessAt: string | null;
                lastAttemptAt: string | null;
                error: string | null;
                directoryVersion: number | null;
                count: number;
                active: number;
                stale: boolean;
            };
            activity: {
                hour: string;
                searches: number;
                answers: number;
            }[];
            recentAudit: {
                id: number;
                at: string;
                action: string;
                /** @description A pseudonym, never the principal */
                asker: string;
                outcome: string;
                latencyMs: number | null;
                results: number;
                settingsVersion: number | null;
                directoryVersion: number | null;
            }[];
            /** @description The installation's settings version */
            settingsVersion: number;
            /** @description The caller's tenant's overrides version */
            tenantSettingsVersion: number;
        };
        Me: {
            sub: string;
            /** Format: uuid */
            tenantId: string | null;
            /** Format: uuid */
            organizationId: string | null;
            organizationSynced: boolean;
            readableOrganizations: string[] | "tenant";
            /** @enum {string} */
            clearance: "PUBLIC" | "INTERNAL" | "CONFIDENTIAL" | "RESTRICTED";
            roles: ("tenant_admin" | "installation_operator")[];
            portalId: string | null;
        };
        ExploreSearchItem: {
            id: string;
            title: string;
            snippet: string;
            score: number;
            source: {
                portalId: string;
                /** Format: uuid */
                sourceDocumentId: string;
                chunkIndex: number;
            };
        };
        ExploreSearchRequest: {
            query: string;
            /** @default 10 */
            limit?: number;
        };
        ExploreAskRequest: {
            question: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
};
export type $defs = Record<string, never>;
export interface operations {
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ok"
                     *     }
                     */
                    "application/json": {
                        status: string;
                    };
                };
            };
        };
    };
    getReadiness: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "status": "ready",
                     *       "checks": {
                     *         "database": {
                     *           "state": "ok",
                     *           "detail": "answers",
                     *           "required": true
                     *         },
                     *         "redis": {
                     *           "state": "ok",
                     *           "detail": "answers",
                     *           "required": true
                     *         },
                     *         "directory": {
                     *           "state": "ok",
                     *           "detail": "organizations synced 14 s ago",
                     *           "required": false
                     *         },
                     *         "embedding": {
                     *           "state": "ok",
                     *           "detail": "the embedding endpoint answers",
                     *           "required": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "degraded" | "not_ready";
                        checks: {
                            [key: string]: {
                                /** @enum {string} */
                                state: "ok" | "degraded" | "down";
                                detail: string;
                                required: boolean;
                            };
                        };
                    };
                };
            };
            /** @description A required dependency is down */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @enum {string} */
                        status: "ready" | "degraded" | "not_ready";
                        checks: {
                            [key: string]: {
                                /** @enum {string} */
                                state: "ok" | "degraded" | "down";
                                detail: string;
                                required: boolean;
                            };
                        };
                    };
                };
            };
        };
    };
    getMetrics: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Prometheus text format */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example # HELP backbone_embedding_request_seconds Embedding endpoint calls
                     *     # TYPE backbone_embedding_request_seconds histogram
                     *     backbone_embedding_request_seconds_bucket{le="0.001",outcome="ok"} 0
                     *     backbone_embedding_request_seconds_bucket{le="0.005",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.01",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.025",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.05",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.1",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.25",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="0.5",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="1",outcome="ok"} 1
                     *     backbone_embedding_request_seconds_bucket{le="2.5",outcome="ok"} 1
                     */
                    "text/plain": string;
                };
            };
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Only active records */
                onlyActive?: boolean;
                /**
                 * @description Only records of this company (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                companyId?: string;
                /**
                 * @description Only records of this department (UUID)
                 * @example d2ecd9f0-b339-4dab-9d45-7f0fee612ed7
                 */
                departmentId?: string;
                /** @description Only records whose names or codes contain this text */
                q?: string;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
                /** @description A change feed: only records changed after this dataVersion (tombstones included) */
                updatedSince?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *             "loginId": "crawler.user",
                     *             "name": "크롤러",
                     *             "koreanName": "크롤러",
                     *             "englishName": "",
                     *             "email": "",
                     *             "jobTitle": "",
                     *             "position": "",
                     *             "employeeNo": null,
                     *             "isDepartmentHead": false,
                     *             "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *             "departmentName": "크롤 부서",
                     *             "deptCode": "CRAWLD",
                     *             "employmentStatus": "ACTIVE",
                     *             "isEmployed": true,
                     *             "isActive": true,
                     *             "clearanceLevel": 0,
                     *             "version": 11,
                     *             "updatedAt": "2026-11-24T21:30:18.409Z",
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "companyDefaultLocale": "ko"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.655Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: (components["schemas"]["DirectoryUser"] | components["schemas"]["Tombstone"])[];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *         "loginId": "crawler.user",
                     *         "name": "크롤러",
                     *         "koreanName": "크롤러",
                     *         "englishName": "",
                     *         "email": "",
                     *         "jobTitle": "",
                     *         "position": "",
                     *         "employeeNo": null,
                     *         "isDepartmentHead": false,
                     *         "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "departmentName": "크롤 부서",
                     *         "deptCode": "CRAWLD",
                     *         "employmentStatus": "ACTIVE",
                     *         "isEmployed": true,
                     *         "isActive": true,
                     *         "clearanceLevel": 0,
                     *         "version": 11,
                     *         "updatedAt": "2026-11-24T21:30:18.409Z",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "ko"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.656Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DirectoryUser"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDepartments: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this company (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                companyId?: string;
                /** @description Include inactive records */
                includeInactive?: boolean;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
                /** @description A change feed: only records changed after this dataVersion (tombstones included) */
                updatedSince?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *             "code": "CRAWLD",
                     *             "name": "크롤 부서",
                     *             "nameEn": "",
                     *             "parentId": null,
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "companyDefaultLocale": "ko",
                     *             "isActive": true,
                     *             "depth": 0,
                     *             "path": [
                     *               "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7"
                     *             ],
                     *             "sortOrder": 0,
                     *             "version": 8,
                     *             "updatedAt": "2026-11-24T21:30:18.363Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.666Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: (components["schemas"]["Department"] | components["schemas"]["Tombstone"])[];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listCompanies: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "code": "CRAWLCO",
                     *             "name": "크롤 회사",
                     *             "nameEn": "",
                     *             "defaultLocale": "ko",
                     *             "isActive": true,
                     *             "version": 7,
                     *             "updatedAt": "2026-11-24T21:30:18.352Z"
                     *           },
                     *           {
                     *             "id": "31edf818-a7e9-4226-a61a-61f8e494949b",
                     *             "code": "CRAWLEMPTY",
                     *             "name": "빈 회사",
                     *             "nameEn": "",
                     *             "defaultLocale": "ko",
                     *             "isActive": true,
                     *             "version": 9,
                     *             "updatedAt": "2026-11-24T21:30:18.381Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.667Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["Company"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    reportSyncStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "portalId": "portal-a",
                 *       "resource": "authorization-snapshot",
                 *       "outcome": "success",
                 *       "dataVersion": 0,
                 *       "error": "timeout after 30 s",
                 *       "occurredAt": "2000-01-01T00:00:00.031Z"
                 *     }
                 */
                "application/json": components["schemas"]["SyncReport"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "portalId": "portal-a",
                     *         "resource": "authorization-snapshot",
                     *         "state": "HEALTHY",
                     *         "lastSuccessAt": "2026-11-24T21:30:18.768Z",
                     *         "lastFailureAt": "2026-11-24T21:30:06.729Z",
                     *         "error": "rejected: The snapshot body is not valid",
                     *         "dataVersion": 0,
                     *         "updatedAt": "2026-11-24T21:30:19.927Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.928Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["SyncStatus"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listUserGroups: {
        parameters: {
            query?: {
                /** @description Only what changed after this version */
                since?: number | null;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "9e81e755-a64b-48bd-bf88-ca33dc47d8e5",
                     *             "code": "crawl-group",
                     *             "name": "크롤 그룹",
                     *             "description": "",
                     *             "companyId": null,
                     *             "memberIds": [],
                     *             "deleted": false,
                     *             "version": 1,
                     *             "updatedAt": "2026-11-24T21:30:18.669Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 1,
                     *         "generatedAt": "2026-11-24T21:30:19.669Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["UserGroup"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    putUserGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 9e81e755-a64b-48bd-bf88-ca33dc47d8e5
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "apply",
                 *       "name": "인사팀",
                 *       "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                 *       "memberIds": [
                 *         "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4"
                 *       ],
                 *       "baseVersion": 1
                 *     }
                 */
                "application/json": components["schemas"]["UserGroupPush"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "9e81e755-a64b-48bd-bf88-ca33dc47d8e5",
                     *         "code": "apply",
                     *         "name": "인사팀",
                     *         "description": "",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "memberIds": [
                     *           "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4"
                     *         ],
                     *         "deleted": false,
                     *         "version": 2,
                     *         "updatedAt": "2026-11-24T21:30:19.976Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.998Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserGroup"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteUserGroup: {
        parameters: {
            query?: {
                /**
                 * @description The version the change was based on: a record changed since is 409 version_conflict
                 * @example 3
                 */
                baseVersion?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 9e81e755-a64b-48bd-bf88-ca33dc47d8e5
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "9e81e755-a64b-48bd-bf88-ca33dc47d8e5",
                     *         "code": "apply",
                     *         "name": "인사팀",
                     *         "description": "",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "memberIds": [],
                     *         "deleted": true,
                     *         "version": 4,
                     *         "updatedAt": "2026-11-24T21:30:21.946Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.971Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserGroup"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    addUserGroupMember: {
        parameters: {
            query?: {
                /**
                 * @description The version the change was based on: a record changed since is 409 version_conflict
                 * @example 2
                 */
                baseVersion?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 9e81e755-a64b-48bd-bf88-ca33dc47d8e5
                 */
                id: string;
                /**
                 * @description The user's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "9e81e755-a64b-48bd-bf88-ca33dc47d8e5",
                     *         "code": "apply",
                     *         "name": "인사팀",
                     *         "description": "",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "memberIds": [
                     *           "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4"
                     *         ],
                     *         "deleted": false,
                     *         "version": 2,
                     *         "updatedAt": "2026-11-24T21:30:19.976Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.010Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserGroup"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    removeUserGroupMember: {
        parameters: {
            query?: {
                /**
                 * @description The version the change was based on: a record changed since is 409 version_conflict
                 * @example 2
                 */
                baseVersion?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 9e81e755-a64b-48bd-bf88-ca33dc47d8e5
                 */
                id: string;
                /**
                 * @description The user's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "9e81e755-a64b-48bd-bf88-ca33dc47d8e5",
                     *         "code": "apply",
                     *         "name": "인사팀",
                     *         "description": "",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "memberIds": [],
                     *         "deleted": false,
                     *         "version": 3,
                     *         "updatedAt": "2026-11-24T21:30:21.930Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.942Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserGroup"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getOntologyPack: {
        parameters: {
            query?: {
                /** @description Repeatable: a concept is included when its scope is any of the given ones or it has no scope; none given: all */
                scope?: string[];
                /** @description Only what changed after this version */
                since?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "version": 9,
                     *         "generatedAt": "2026-11-24T21:30:19.676Z",
                     *         "concepts": [
                     *           {
                     *             "id": "c825710e-987e-42fb-ac3c-544d3a4418a5",
                     *             "notation": "수정 반려할 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "scope": null
                     *           },
                     *           {
                     *             "id": "1c23f1a3-22f6-4cdf-a681-6440aea4a111",
                     *             "notation": "수정 승인할 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "scope": null
                     *           }
                     *         ],
                     *         "relations": [
                     *           {
                     *             "sourceId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "type": "related",
                     *             "targetId": "portal-a:doc:1"
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["OntologyPack"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Not modified */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listMatchingTerms: {
        parameters: {
            query?: {
                /** @description Repeatable: a concept is included when its scope is any of the given ones or it has no scope; none given: all */
                scope?: string[];
                /** @description Only what changed after this version */
                since?: number | null;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "notation": "크롤 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "version": 2
                     *           },
                     *           {
                     *             "id": "1c23f1a3-22f6-4cdf-a681-6440aea4a111",
                     *             "notation": "수정 승인할 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "version": 6
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 10,
                     *         "generatedAt": "2026-11-24T21:30:19.678Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: (components["schemas"]["MatchingTerm"] | components["schemas"]["Tombstone"])[];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    proposeTerms: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "terms": [
                 *         {
                 *           "notation": "cYfQp",
                 *           "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                 *           "aliases": [
                 *             "연차휴가",
                 *             "annual leave"
                 *           ],
                 *           "abbreviations": [
                 *             "연차"
                 *           ],
                 *           "scope": "IH KPtWGpKZ",
                 *           "evidence": [
                 *             {
                 *               "kind": "content",
                 *               "contentKey": "portal-a:doc:1",
                 *               "excerpt": "연차 휴가는 15일이다"
                 *             }
                 *           ]
                 *         },
                 *         {
                 *           "notation": "흖햶뜹쨅츽륟",
                 *           "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                 *           "aliases": [
                 *             "연차휴가",
                 *             "annual leave"
                 *           ],
                 *           "abbreviations": [
                 *             "연차"
                 *           ],
                 *           "scope": "쪫넽핹뇁릥턜딂뵺갍띬힆",
                 *           "evidence": [
                 *             {
                 *               "kind": "content",
                 *               "contentKey": "portal-a:doc:1",
                 *               "excerpt": "연차 휴가는 15일이다"
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["TermProposals"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "proposed": [
                     *           {
                     *             "id": "3393be06-f85e-4f34-ad0c-58078181d425",
                     *             "notation": "cYfQp"
                     *           },
                     *           {
                     *             "id": "189345b4-07ba-4090-b1eb-d5196b1281d3",
                     *             "notation": "흖햶뜹쨅츽륟"
                     *           }
                     *         ],
                     *         "skipped": []
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.027Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            proposed: {
                                /** Format: uuid */
                                id: string;
                                notation: string;
                            }[];
                            skipped: {
                                notation: string;
                                /** @enum {string} */
                                reason: "exists";
                                /** Format: uuid */
                                termId: string;
                            }[];
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateTerm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                 *       "aliases": [
                 *         "연차휴가",
                 *         "annual leave"
                 *       ],
                 *       "abbreviations": [
                 *         "연차"
                 *       ],
                 *       "scope": "p"
                 *     }
                 */
                "application/json": components["schemas"]["PortalTermPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["Term"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Held for an administrator's review */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "a6bb9021-7186-4c8b-8764-bb6b67f8486c",
                     *         "termId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "notation": "크롤 용어",
                     *         "termStatus": "approved",
                     *         "status": "pending",
                     *         "proposedBy": "portal-a",
                     *         "changes": {
                     *           "scope": "p",
                     *           "aliases": [
                     *             "연차휴가",
                     *             "annual leave"
                     *           ],
                     *           "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                     *           "abbreviations": [
                     *             "연차"
                     *           ]
                     *         },
                     *         "current": {
                     *           "scope": null,
                     *           "aliases": [],
                     *           "definition": "",
                     *           "abbreviations": []
                     *         },
                     *         "baseVersion": 2,
                     *         "termVersion": 2,
                     *         "decidedBy": null,
                     *         "decidedAt": null,
                     *         "createdAt": "2026-11-24T21:30:20.037Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.050Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TermRevision"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listContentTermLinks: {
        parameters: {
            query?: {
                /**
                 * @description Only links of this content key (`portalId:type:id`)
                 * @example portal-a:doc:1
                 */
                contentKey?: string;
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId?: string;
                /**
                 * @description Only records of this glossary term (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                termId?: string;
                /** @description Only what changed after this version */
                since?: number | null;
                /** @description Include each link's term (its notation and status) */
                includeTerm?: boolean;
                /** @description Include tombstones of deleted links */
                includeDeleted?: boolean;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "termId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "deleted": false,
                     *             "version": 10,
                     *             "portalId": "portal-a",
                     *             "createdAt": "2026-11-24T21:30:18.756Z",
                     *             "deletedAt": null,
                     *             "updatedAt": "2026-11-24T21:30:18.756Z",
                     *             "confidence": null,
                     *             "contentKey": "portal-a:doc:1",
                     *             "detectedBy": "dictionary"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 10,
                     *         "generatedAt": "2026-11-24T21:30:19.682Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["ContentTermLink"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    pushContentTermLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "links": []
                 *     }
                 */
                "application/json": components["schemas"]["ContentTermLinkBatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "upserted": 0,
                     *         "unchanged": 0,
                     *         "skipped": []
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.066Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            upserted: number;
                            unchanged: number;
                            skipped: {
                                contentKey: string;
                                /** Format: uuid */
                                termId: string;
                                /** @enum {string} */
                                reason: "not_approved" | "inactive" | "unknown_term" | "protected";
                            }[];
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteContentTermLinks: {
        parameters: {
            query?: {
                /**
                 * @description Only links of this content key (`portalId:type:id`)
                 * @example portal-a:doc:1
                 */
                contentKey?: string;
                /**
                 * @description Only records of this glossary term (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                termId?: string;
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "tombstoned": 1
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.923Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            tombstoned: number;
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    submitContentBody: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contentKey": "portal-a:doc:1",
                 *       "title": "연차 휴가 규정",
                 *       "body": "연차 휴가는 입사 1년 후부터 15일이 주어진다.",
                 *       "contentType": "text/html",
                 *       "candidateTerms": [
                 *         "연차 휴가"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["ContentBody"];
            };
        };
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "jobId": "7f52a945-572a-446c-aebc-e5b80c1b5c28"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.086Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            jobId: string;
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getContentBodyJob: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example c9eb7f77-7d5b-4219-8537-d31772e2f095
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "c9eb7f77-7d5b-4219-8537-d31772e2f095",
                     *         "portalId": "portal-a",
                     *         "contentKey": "portal-a:doc:1",
                     *         "status": "done",
                     *         "result": {
                     *           "proposed": [],
                     *           "termsFound": 1,
                     *           "linksUpserted": 1,
                     *           "linksUnchanged": 0,
                     *           "linksTombstoned": 0,
                     *           "dictionaryVersion": "8:3"
                     *         },
                     *         "error": null,
                     *         "createdAt": "2026-11-24T21:30:18.691Z",
                     *         "finishedAt": "2026-11-24T21:30:18.756Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.685Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            portalId: string;
                            contentKey: string;
                            /** @enum {string} */
                            status: "queued" | "done" | "failed";
                            result: {
                                [key: string]: unknown;
                            } | null;
                            error: string | null;
                            createdAt: string;
                            finishedAt: string | null;
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    whoAmI: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "portalId": "portal-a",
                     *         "method": "api_key",
                     *         "scopes": [
                     *           "authorization:sync",
                     *           "directory:read"
                     *         ]
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.690Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["WhoAmI"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSubscriptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "0632be6a-43d3-4872-b35b-2fd74cdc6951",
                     *             "portalId": "portal-a",
                     *             "url": "http://127.0.0.1:34657/crawl/hook",
                     *             "resources": [
                     *               "users"
                     *             ],
                     *             "companyId": null,
                     *             "state": "active",
                     *             "consecutiveFailures": 0,
                     *             "failingSince": null,
                     *             "nextAttemptAt": "2026-11-24T21:30:18.649Z",
                     *             "lastSuccessAt": null,
                     *             "lastError": null,
                     *             "createdAt": "2026-11-24T21:30:18.649Z",
                     *             "updatedAt": "2026-11-24T21:30:18.649Z",
                     *             "previousSecretExpiresAt": null,
                     *             "recentDeliveries": []
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.692Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["Subscription"][];
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    createSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "url": "http://127.0.0.1:34657/crawl/hook",
                 *       "resources": [
                 *         "users"
                 *       ],
                 *       "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e"
                 *     }
                 */
                "application/json": components["schemas"]["SubscriptionCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "970a0819-7881-4e95-9c55-07a3a846dc9b",
                     *         "portalId": "portal-a",
                     *         "url": "http://127.0.0.1:34657/crawl/hook",
                     *         "resources": [
                     *           "users"
                     *         ],
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "state": "active",
                     *         "consecutiveFailures": 0,
                     *         "failingSince": null,
                     *         "nextAttemptAt": "2026-11-24T21:30:20.103Z",
                     *         "lastSuccessAt": null,
                     *         "lastError": null,
                     *         "createdAt": "2026-11-24T21:30:20.103Z",
                     *         "updatedAt": "2026-11-24T21:30:20.103Z",
                     *         "previousSecretExpiresAt": null,
                     *         "recentDeliveries": [],
                     *         "secret": "(the signing secret, shown once, left out of the example)"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.112Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Subscription"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 0632be6a-43d3-4872-b35b-2fd74cdc6951
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0632be6a-43d3-4872-b35b-2fd74cdc6951",
                     *         "portalId": "portal-a",
                     *         "url": "http://127.0.0.1:34657/crawl/hook",
                     *         "resources": [
                     *           "users"
                     *         ],
                     *         "companyId": null,
                     *         "state": "active",
                     *         "consecutiveFailures": 0,
                     *         "failingSince": null,
                     *         "nextAttemptAt": "2026-11-24T21:30:18.649Z",
                     *         "lastSuccessAt": null,
                     *         "lastError": null,
                     *         "createdAt": "2026-11-24T21:30:18.649Z",
                     *         "updatedAt": "2026-11-24T21:30:18.649Z",
                     *         "previousSecretExpiresAt": null,
                     *         "recentDeliveries": []
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.699Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Subscription"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    deleteSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 0632be6a-43d3-4872-b35b-2fd74cdc6951
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 0632be6a-43d3-4872-b35b-2fd74cdc6951
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "state": "active",
                 *       "rotateSecret": true
                 *     }
                 */
                "application/json": components["schemas"]["SubscriptionUpdate"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "0632be6a-43d3-4872-b35b-2fd74cdc6951",
                     *         "portalId": "portal-a",
                     *         "url": "http://127.0.0.1:34657/crawl/hook",
                     *         "resources": [
                     *           "users"
                     *         ],
                     *         "companyId": null,
                     *         "state": "active",
                     *         "consecutiveFailures": 0,
                     *         "failingSince": null,
                     *         "nextAttemptAt": "2026-11-24T21:30:20.120Z",
                     *         "lastSuccessAt": null,
                     *         "lastError": null,
                     *         "createdAt": "2026-11-24T21:30:18.649Z",
                     *         "updatedAt": "2026-11-24T21:30:20.120Z",
                     *         "previousSecretExpiresAt": "2026-11-25T21:30:20.130Z",
                     *         "recentDeliveries": [],
                     *         "secret": "(the signing secret, shown once, left out of the example)"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.146Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Subscription"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishAuthorizationSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "portalId": "portal-a",
                 *       "sourceVersion": "v2",
                 *       "entries": [
                 *         {
                 *           "userId": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                 *           "assignments": [
                 *             {
                 *               "kind": "ROLE",
                 *               "key": "crawl-role",
                 *               "label": "크롤 역할"
                 *             }
                 *           ]
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["AuthorizationSnapshot"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "snapshotId": "a3879ae7-e8da-4b0f-a257-2ddfac4a90e8",
                     *         "portalId": "portal-a",
                     *         "sourceVersion": "v2",
                     *         "userCount": 1,
                     *         "assignmentCount": 1,
                     *         "collectedAt": "2026-11-24T21:30:20.155Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.254Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["AuthorizationSnapshotReceipt"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListCompanies: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "code": "CRAWLCO",
                     *             "name": "크롤 회사",
                     *             "nameEn": "",
                     *             "defaultLocale": "ko",
                     *             "isActive": true,
                     *             "version": 7,
                     *             "updatedAt": "2026-11-24T21:30:18.352Z"
                     *           },
                     *           {
                     *             "id": "31edf818-a7e9-4226-a61a-61f8e494949b",
                     *             "code": "CRAWLEMPTY",
                     *             "name": "빈 회사",
                     *             "nameEn": "",
                     *             "defaultLocale": "ko",
                     *             "isActive": true,
                     *             "version": 9,
                     *             "updatedAt": "2026-11-24T21:30:18.381Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.701Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["Company"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "z",
                 *       "name": "인사팀",
                 *       "nameEn": "Human Resources",
                 *       "defaultLocale": "gkn-ef",
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["CompanyCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "bedf5921-38ec-4c27-a7c5-4fc99d544e53",
                     *         "code": "z",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "defaultLocale": "gkn-ef",
                     *         "isActive": true,
                     *         "version": 12,
                     *         "updatedAt": "2026-11-24T21:30:20.278Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.280Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Company"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "code": "CRAWLCO",
                     *         "name": "크롤 회사",
                     *         "nameEn": "",
                     *         "defaultLocale": "ko",
                     *         "isActive": true,
                     *         "version": 7,
                     *         "updatedAt": "2026-11-24T21:30:18.352Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.706Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Company"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeleteCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 31edf818-a7e9-4226-a61a-61f8e494949b
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "31edf818-a7e9-4226-a61a-61f8e494949b",
                     *         "deleted": true,
                     *         "version": 24
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:22.064Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Tombstone"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminUpdateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "e",
                 *       "name": "인사팀",
                 *       "nameEn": "Human Resources",
                 *       "defaultLocale": "cno-1X",
                 *       "isActive": true,
                 *       "version": 7
                 *     }
                 */
                "application/json": components["schemas"]["CompanyPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "code": "e",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "defaultLocale": "cno-1X",
                     *         "isActive": true,
                     *         "version": 13,
                     *         "updatedAt": "2026-11-24T21:30:20.289Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.323Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Company"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeactivateCompany: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "code": "e",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "defaultLocale": "cno-1X",
                     *         "isActive": false,
                     *         "version": 19,
                     *         "updatedAt": "2026-11-24T21:30:21.709Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.730Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Company"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListDepartments: {
        parameters: {
            query?: {
                /**
                 * @description Only records of this company (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                companyId?: string;
                /** @description Include inactive records */
                includeInactive?: boolean;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
                /** @description A change feed: only records changed after this dataVersion (tombstones included) */
                updatedSince?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *             "code": "CRAWLD",
                     *             "name": "크롤 부서",
                     *             "nameEn": "",
                     *             "parentId": null,
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "companyDefaultLocale": "ko",
                     *             "isActive": true,
                     *             "depth": 0,
                     *             "path": [
                     *               "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7"
                     *             ],
                     *             "sortOrder": 0,
                     *             "version": 8,
                     *             "updatedAt": "2026-11-24T21:30:18.363Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.710Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: (components["schemas"]["Department"] | components["schemas"]["Tombstone"])[];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateDepartment: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                 *       "code": "e",
                 *       "name": "인사팀",
                 *       "nameEn": "Human Resources",
                 *       "parentId": null,
                 *       "sortOrder": 506504,
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["DepartmentCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "8e656c6e-bf9a-4a0d-a6c7-7ce6395e9794",
                     *         "code": "e",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "parentId": null,
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X",
                     *         "isActive": true,
                     *         "depth": 0,
                     *         "path": [
                     *           "8e656c6e-bf9a-4a0d-a6c7-7ce6395e9794"
                     *         ],
                     *         "sortOrder": 506504,
                     *         "version": 14,
                     *         "updatedAt": "2026-11-24T21:30:20.340Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.357Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Department"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetDepartment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example d2ecd9f0-b339-4dab-9d45-7f0fee612ed7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "code": "CRAWLD",
                     *         "name": "크롤 부서",
                     *         "nameEn": "",
                     *         "parentId": null,
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "ko",
                     *         "isActive": true,
                     *         "depth": 0,
                     *         "path": [
                     *           "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7"
                     *         ],
                     *         "sortOrder": 0,
                     *         "version": 8,
                     *         "updatedAt": "2026-11-24T21:30:18.363Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.714Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Department"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeleteDepartment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 06c68faa-36e5-4214-82e2-5fec41692d25
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "06c68faa-36e5-4214-82e2-5fec41692d25",
                     *         "deleted": true,
                     *         "version": 23
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:22.031Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Tombstone"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminUpdateDepartment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example d2ecd9f0-b339-4dab-9d45-7f0fee612ed7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "code": "6",
                 *       "name": "인사팀",
                 *       "nameEn": "Human Resources",
                 *       "parentId": null,
                 *       "sortOrder": 12,
                 *       "isActive": true,
                 *       "version": 13
                 *     }
                 */
                "application/json": components["schemas"]["DepartmentPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "code": "6",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "parentId": null,
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X",
                     *         "isActive": true,
                     *         "depth": 0,
                     *         "path": [
                     *           "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7"
                     *         ],
                     *         "sortOrder": 12,
                     *         "version": 15,
                     *         "updatedAt": "2026-11-24T21:30:20.366Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.396Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Department"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeactivateDepartment: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example d2ecd9f0-b339-4dab-9d45-7f0fee612ed7
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "code": "6",
                     *         "name": "인사팀",
                     *         "nameEn": "Human Resources",
                     *         "parentId": null,
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X",
                     *         "isActive": false,
                     *         "depth": 0,
                     *         "path": [
                     *           "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7"
                     *         ],
                     *         "sortOrder": 12,
                     *         "version": 20,
                     *         "updatedAt": "2026-11-24T21:30:21.733Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.743Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Department"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminImportUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                /** @example {"loginId":"apply","koreanName":"크롤러","englishName":"Minsu Kim","email":"crawler@example.com","jobTitle":"책임","position":"팀장","isDepartmentHead":false,"departmentId":"d2ecd9f0-b339-4dab-9d45-7f0fee612ed7","deptCode":"CRAWLD","isActive":true,"clearanceLevel":3} */
                "application/x-ndjson": string;
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "created": 0,
                     *         "updated": 0,
                     *         "unchanged": 0,
                     *         "failed": 1,
                     *         "results": [
                     *           {
                     *             "line": 1,
                     *             "loginId": "apply",
                     *             "status": "failed",
                     *             "code": "unprocessable",
                     *             "message": "departmentId names no department of the company",
                     *             "field": "departmentId"
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.490Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["UserImportResult"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListUsers: {
        parameters: {
            query?: {
                /** @description Only active records */
                onlyActive?: boolean;
                /**
                 * @description Only records of this company (UUID)
                 * @example 8a99a8b8-23fd-485c-8f90-2402bfd1c43e
                 */
                companyId?: string;
                /**
                 * @description Only records of this department (UUID)
                 * @example d2ecd9f0-b339-4dab-9d45-7f0fee612ed7
                 */
                departmentId?: string;
                /** @description Only records whose names or codes contain this text */
                q?: string;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
                /** @description A change feed: only records changed after this dataVersion (tombstones included) */
                updatedSince?: number | null;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *             "loginId": "crawler.user",
                     *             "name": "크롤러",
                     *             "koreanName": "크롤러",
                     *             "englishName": "",
                     *             "email": "",
                     *             "jobTitle": "",
                     *             "position": "",
                     *             "employeeNo": null,
                     *             "isDepartmentHead": false,
                     *             "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *             "departmentName": "크롤 부서",
                     *             "deptCode": "CRAWLD",
                     *             "employmentStatus": "ACTIVE",
                     *             "isEmployed": true,
                     *             "isActive": true,
                     *             "clearanceLevel": 0,
                     *             "version": 11,
                     *             "updatedAt": "2026-11-24T21:30:18.409Z",
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "companyDefaultLocale": "ko"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 11,
                     *         "generatedAt": "2026-11-24T21:30:19.718Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: (components["schemas"]["DirectoryUser"] | components["schemas"]["Tombstone"])[];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            410: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateUser: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "loginId": "뼑썇펕뼘뎂",
                 *       "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                 *       "koreanName": "크롤러",
                 *       "englishName": "Minsu Kim",
                 *       "email": "crawler@example.com",
                 *       "jobTitle": "책임",
                 *       "position": "팀장",
                 *       "employeeNo": null,
                 *       "isDepartmentHead": false,
                 *       "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                 *       "deptCode": "CRAWLD",
                 *       "employmentStatus": "ACTIVE",
                 *       "isActive": true,
                 *       "clearanceLevel": "CONFIDENTIAL"
                 *     }
                 */
                "application/json": components["schemas"]["UserCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "51fd22bc-9b7f-4a20-8fef-82635a2d791e",
                     *         "loginId": "뼑썇펕뼘뎂",
                     *         "name": "크롤러",
                     *         "koreanName": "크롤러",
                     *         "englishName": "Minsu Kim",
                     *         "email": "crawler@example.com",
                     *         "jobTitle": "책임",
                     *         "position": "팀장",
                     *         "employeeNo": null,
                     *         "isDepartmentHead": false,
                     *         "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "departmentName": "인사팀",
                     *         "deptCode": "6",
                     *         "employmentStatus": "ACTIVE",
                     *         "isEmployed": true,
                     *         "isActive": true,
                     *         "clearanceLevel": 2,
                     *         "version": 17,
                     *         "updatedAt": "2026-11-24T21:30:20.592Z",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.666Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DirectoryUser"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *         "loginId": "crawler.user",
                     *         "name": "크롤러",
                     *         "koreanName": "크롤러",
                     *         "englishName": "",
                     *         "email": "",
                     *         "jobTitle": "",
                     *         "position": "",
                     *         "employeeNo": null,
                     *         "isDepartmentHead": false,
                     *         "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "departmentName": "크롤 부서",
                     *         "deptCode": "CRAWLD",
                     *         "employmentStatus": "ACTIVE",
                     *         "isEmployed": true,
                     *         "isActive": true,
                     *         "clearanceLevel": 0,
                     *         "version": 11,
                     *         "updatedAt": "2026-11-24T21:30:18.409Z",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "ko"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.722Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DirectoryUser"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeleteUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *         "deleted": true,
                     *         "version": 22
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:22.006Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Tombstone"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminUpdateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "loginId": "cRAHL5ivpcR",
                 *       "koreanName": "크롤러",
                 *       "jobTitle": "책임",
                 *       "position": "팀장",
                 *       "employeeNo": null,
                 *       "isDepartmentHead": false,
                 *       "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                 *       "deptCode": "CRAWLD",
                 *       "isActive": true,
                 *       "clearanceLevel": 0,
                 *       "version": 15
                 *     }
                 */
                "application/json": components["schemas"]["UserPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *         "loginId": "cRAHL5ivpcR",
                     *         "name": "크롤러",
                     *         "koreanName": "크롤러",
                     *         "englishName": "",
                     *         "email": "",
                     *         "jobTitle": "책임",
                     *         "position": "팀장",
                     *         "employeeNo": null,
                     *         "isDepartmentHead": false,
                     *         "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "departmentName": "인사팀",
                     *         "deptCode": "6",
                     *         "employmentStatus": "ACTIVE",
                     *         "isEmployed": true,
                     *         "isActive": true,
                     *         "clearanceLevel": 0,
                     *         "version": 18,
                     *         "updatedAt": "2026-11-24T21:30:20.712Z",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.754Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DirectoryUser"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeactivateUser: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *         "loginId": "cRAHL5ivpcR",
                     *         "name": "크롤러",
                     *         "koreanName": "크롤러",
                     *         "englishName": "",
                     *         "email": "",
                     *         "jobTitle": "책임",
                     *         "position": "팀장",
                     *         "employeeNo": null,
                     *         "isDepartmentHead": false,
                     *         "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *         "departmentName": "인사팀",
                     *         "deptCode": "6",
                     *         "employmentStatus": "ACTIVE",
                     *         "isEmployed": true,
                     *         "isActive": false,
                     *         "clearanceLevel": 0,
                     *         "version": 21,
                     *         "updatedAt": "2026-11-24T21:30:21.749Z",
                     *         "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *         "companyDefaultLocale": "cno-1X"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.771Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["DirectoryUser"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetSyncStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "portalId": "disabled-portal",
                     *             "resources": [
                     *               {
                     *                 "portalId": "disabled-portal",
                     *                 "resource": "users",
                     *                 "state": "NEVER_SYNCED",
                     *                 "lastSuccessAt": null,
                     *                 "lastFailureAt": null,
                     *                 "error": null,
                     *                 "dataVersion": null,
                     *                 "updatedAt": null
                     *               },
                     *               {
                     *                 "portalId": "disabled-portal",
                     *                 "resource": "departments",
                     *                 "state": "NEVER_SYNCED",
                     *                 "lastSuccessAt": null,
                     *                 "lastFailureAt": null,
                     *                 "error": null,
                     *                 "dataVersion": null,
                     *                 "updatedAt": null
                     *               }
                     *             ],
                     *             "credentialFailures": null,
                     *             "failingSubscriptions": [],
                     *             "needsCheck": false
                     *           },
                     *           {
                     *             "portalId": "jwt-portal",
                     *             "resources": [
                     *               {
                     *                 "portalId": "jwt-portal",
                     *                 "resource": "users",
                     *                 "state": "NEVER_SYNCED",
                     *                 "lastSuccessAt": null,
                     *                 "lastFailureAt": null,
                     *                 "error": null,
                     *                 "dataVersion": null,
                     *                 "updatedAt": null
                     *               },
                     *               {
                     *                 "portalId": "jwt-portal",
                     *                 "resource": "departments",
                     *                 "state": "NEVER_SYNCED",
                     *                 "lastSuccessAt": null,
                     *                 "lastFailureAt": null,
                     *                 "error": null,
                     *                 "dataVersion": null,
                     *                 "updatedAt": null
                     *               }
                     *             ],
                     *             "credentialFailures": null,
                     *             "failingSubscriptions": [],
                     *             "needsCheck": true
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["PortalSync"][];
                        };
                    };
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListAuditLog: {
        parameters: {
            query?: {
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
                /** @description Only audit rows about this kind of record */
                targetType?: string;
                /**
                 * @description Only audit rows about this record
                 * @example portal-a:doc:2
                 */
                targetId?: string;
                /** @description Only audit rows of this action */
                action?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 55,
                     *         "generatedAt": "2026-11-24T21:30:19.736Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["AuditEntry"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListSnapshots: {
        parameters: {
            query?: {
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId?: string;
                /** @description Only portals whose snapshot is behind the directory */
                driftOnly?: boolean;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "userId": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *             "loginId": "crawler.user",
                     *             "koreanName": "크롤러",
                     *             "englishName": "",
                     *             "employmentStatus": "ACTIVE",
                     *             "isActive": true,
                     *             "deleted": false,
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "assignments": [
                     *               {
                     *                 "kind": "GROUP",
                     *                 "key": "crawl",
                     *                 "label": "크롤",
                     *                 "scope": null
                     *               }
                     *             ],
                     *             "drift": false
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 1,
                     *         "generatedAt": "2026-11-24T21:30:19.738Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["PortalSnapshot"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    } | {
                        data: {
                            items: components["schemas"]["SnapshotEntry"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListSnapshotChanges: {
        parameters: {
            query: {
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId: string;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 1,
                     *         "generatedAt": "2026-11-24T21:30:19.747Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["SnapshotChange"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetUserSnapshot: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The user's id (UUID)
                 * @example e1e459d9-417d-4ad5-8d1f-a30a746cd4b4
                 */
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "user": {
                     *           "id": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *           "loginId": "crawler.user",
                     *           "name": "크롤러",
                     *           "koreanName": "크롤러",
                     *           "englishName": "",
                     *           "email": "",
                     *           "jobTitle": "",
                     *           "position": "",
                     *           "employeeNo": null,
                     *           "isDepartmentHead": false,
                     *           "departmentId": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *           "departmentName": "크롤 부서",
                     *           "deptCode": "CRAWLD",
                     *           "employmentStatus": "ACTIVE",
                     *           "isEmployed": true,
                     *           "isActive": true,
                     *           "clearanceLevel": 0,
                     *           "version": 11,
                     *           "updatedAt": "2026-11-24T21:30:18.409Z",
                     *           "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *           "companyDefaultLocale": "ko"
                     *         },
                     *         "portals": [
                     *           {
                     *             "portalId": "portal-a",
                     *             "snapshotId": "516d45b7-7da7-4e1e-8c24-e5cc7116f1f3",
                     *             "sourceVersion": "crawl-1",
                     *             "collectedAt": "2026-11-24T21:30:18.768Z",
                     *             "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *             "groups": [
                     *               {
                     *                 "kind": "GROUP",
                     *                 "key": "crawl",
                     *                 "label": "크롤",
                     *                 "scope": null
                     *               }
                     *             ],
                     *             "roles": [],
                     *             "permissions": [],
                     *             "drift": false
                     *           }
                     *         ]
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            user: components["schemas"]["DirectoryUser"];
                            portals: {
                                portalId: string;
                                /** Format: uuid */
                                snapshotId: string;
                                sourceVersion: string;
                                collectedAt: string;
                                /** Format: uuid */
                                companyId: string;
                                groups: components["schemas"]["AuthorizationAssignment"][];
                                roles: components["schemas"]["AuthorizationAssignment"][];
                                permissions: components["schemas"]["AuthorizationAssignment"][];
                                drift: boolean;
                            }[];
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminIssueUserToken: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userId": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                 *       "ttlSeconds": 3600,
                 *       "ragAdmin": false,
                 *       "operator": false,
                 *       "portalId": "portal-a"
                 *     }
                 */
                "application/json": components["schemas"]["UserTokenRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "token": "(a signed JWT, left out of the example)",
                     *         "tokenType": "Bearer",
                     *         "expiresAt": "2026-11-24T22:30:20.789Z",
                     *         "claims": {
                     *           "tenant_id": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *           "organization_id": "d2ecd9f0-b339-4dab-9d45-7f0fee612ed7",
                     *           "clearance_level": 0,
                     *           "companyId": "8a99a8b8-23fd-485c-8f90-2402bfd1c43e",
                     *           "companyDefaultLocale": "cno-1X",
                     *           "portal_id": "portal-a",
                     *           "sub": "e1e459d9-417d-4ad5-8d1f-a30a746cd4b4",
                     *           "iss": "test-console",
                     *           "aud": [
                     *             "rag-service",
                     *             "search-gateway"
                     *           ],
                     *           "jti": "fd411657-02f3-41b4-8e23-0c53b6fcdb58"
                     *         }
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.789Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["IssuedUserToken"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListTerms: {
        parameters: {
            query?: {
                /** @description Only terms in this status */
                status?: "proposed" | "approved" | "rejected" | "deprecated";
                /** @description Only records whose names or codes contain this text */
                q?: string;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "id": "1c23f1a3-22f6-4cdf-a681-6440aea4a111",
                     *             "notation": "수정 승인할 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "scope": null,
                     *             "status": "approved",
                     *             "isActive": true,
                     *             "evidence": [],
                     *             "proposedBy": "portal-a",
                     *             "decidedBy": "admin:7",
                     *             "decidedAt": "2026-11-24T21:30:18.510Z",
                     *             "version": 6,
                     *             "createdAt": "2026-11-24T21:30:18.501Z",
                     *             "updatedAt": "2026-11-24T21:30:18.510Z"
                     *           },
                     *           {
                     *             "id": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "notation": "크롤 용어",
                     *             "aliases": [],
                     *             "abbreviations": [],
                     *             "definition": "",
                     *             "scope": null,
                     *             "status": "approved",
                     *             "isActive": true,
                     *             "evidence": [],
                     *             "proposedBy": "portal-a",
                     *             "decidedBy": "admin:7",
                     *             "decidedAt": "2026-11-24T21:30:18.448Z",
                     *             "version": 2,
                     *             "createdAt": "2026-11-24T21:30:18.436Z",
                     *             "updatedAt": "2026-11-24T21:30:18.448Z"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 10,
                     *         "generatedAt": "2026-11-24T21:30:19.788Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["Term"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetTerm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "notation": "크롤 용어",
                     *         "aliases": [],
                     *         "abbreviations": [],
                     *         "definition": "",
                     *         "scope": null,
                     *         "status": "approved",
                     *         "isActive": true,
                     *         "evidence": [],
                     *         "proposedBy": "portal-a",
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:18.448Z",
                     *         "version": 2,
                     *         "createdAt": "2026-11-24T21:30:18.436Z",
                     *         "updatedAt": "2026-11-24T21:30:18.448Z",
                     *         "relations": [
                     *           {
                     *             "id": "680c6cac-5c2d-4c76-931b-88a6f40d8607",
                     *             "sourceId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "type": "related",
                     *             "targetId": "portal-a:doc:1",
                     *             "sourceNotation": "크롤 용어",
                     *             "targetNotation": null
                     *           }
                     *         ]
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.797Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TermWithRelations"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminUpdateTerm: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "notation": "유햢쏃먜훕",
                 *       "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                 *       "aliases": [
                 *         "연차휴가",
                 *         "annual leave"
                 *       ],
                 *       "abbreviations": [
                 *         "연차"
                 *       ],
                 *       "scope": "힙힙갈얎간흖",
                 *       "isActive": true
                 *     }
                 */
                "application/json": components["schemas"]["AdminTermPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "notation": "유햢쏃먜훕",
                     *         "aliases": [
                     *           "연차휴가",
                     *           "annual leave"
                     *         ],
                     *         "abbreviations": [
                     *           "연차"
                     *         ],
                     *         "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                     *         "scope": "힙힙갈얎간흖",
                     *         "status": "approved",
                     *         "isActive": true,
                     *         "evidence": [],
                     *         "proposedBy": "portal-a",
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:18.448Z",
                     *         "version": 13,
                     *         "createdAt": "2026-11-24T21:30:18.436Z",
                     *         "updatedAt": "2026-11-24T21:30:20.809Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.825Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Term"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminApproveTerm: {
        parameters: {
            query?: {
                /**
                 * @description The term's version the decision was made on: a term edited since is 409 version_conflict
                 * @example 3
                 */
                version?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example e0040c6f-dc20-467d-a58a-56856d542a1e
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "e0040c6f-dc20-467d-a58a-56856d542a1e",
                     *         "notation": "승인할 용어",
                     *         "aliases": [],
                     *         "abbreviations": [],
                     *         "definition": "",
                     *         "scope": null,
                     *         "status": "approved",
                     *         "isActive": true,
                     *         "evidence": [],
                     *         "proposedBy": "portal-a",
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:20.831Z",
                     *         "version": 14,
                     *         "createdAt": "2026-11-24T21:30:18.472Z",
                     *         "updatedAt": "2026-11-24T21:30:20.831Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.842Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Term"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminRejectTerm: {
        parameters: {
            query?: {
                /**
                 * @description The term's version the decision was made on: a term edited since is 409 version_conflict
                 * @example 4
                 */
                version?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example b54a9831-e832-4b21-8c61-6d5962003486
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "b54a9831-e832-4b21-8c61-6d5962003486",
                     *         "notation": "반려할 용어",
                     *         "aliases": [],
                     *         "abbreviations": [],
                     *         "definition": "",
                     *         "scope": null,
                     *         "status": "rejected",
                     *         "isActive": true,
                     *         "evidence": [],
                     *         "proposedBy": "portal-a",
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:21.796Z",
                     *         "version": 18,
                     *         "createdAt": "2026-11-24T21:30:18.486Z",
                     *         "updatedAt": "2026-11-24T21:30:21.796Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.803Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Term"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeprecateTerm: {
        parameters: {
            query?: {
                /**
                 * @description The term's version the decision was made on: a term edited since is 409 version_conflict
                 * @example 13
                 */
                version?: number | null;
            };
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "notation": "유햢쏃먜훕",
                     *         "aliases": [
                     *           "연차휴가",
                     *           "annual leave"
                     *         ],
                     *         "abbreviations": [
                     *           "연차"
                     *         ],
                     *         "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가",
                     *         "scope": "힙힙갈얎간흖",
                     *         "status": "deprecated",
                     *         "isActive": true,
                     *         "evidence": [],
                     *         "proposedBy": "portal-a",
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:21.811Z",
                     *         "version": 19,
                     *         "createdAt": "2026-11-24T21:30:18.436Z",
                     *         "updatedAt": "2026-11-24T21:30:21.811Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.829Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["Term"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateRelation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "sourceId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                 *       "type": "narrower",
                 *       "targetId": "portal-a:doc:2"
                 *     }
                 */
                "application/json": components["schemas"]["RelationCreate"];
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "6ae7802a-7fdb-420d-b5b2-a0787d03709e",
                     *         "sourceId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "type": "narrower",
                     *         "targetId": "portal-a:doc:2"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.872Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** Format: uuid */
                            sourceId: string;
                            type: string;
                            targetId: string;
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminDeleteRelation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 680c6cac-5c2d-4c76-931b-88a6f40d8607
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "680c6cac-5c2d-4c76-931b-88a6f40d8607",
                     *         "deleted": true
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.886Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            /** Format: uuid */
                            id: string;
                            /** @enum {boolean} */
                            deleted: true;
                        };
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListContentTermLinks: {
        parameters: {
            query?: {
                /**
                 * @description Only links of this content key (`portalId:type:id`)
                 * @example portal-a:doc:1
                 */
                contentKey?: string;
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId?: string;
                /**
                 * @description Only records of this glossary term (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                termId?: string;
                /** @description Only what changed after this version */
                since?: number | null;
                /** @description Include each link's term (its notation and status) */
                includeTerm?: boolean;
                /** @description Include tombstones of deleted links */
                includeDeleted?: boolean;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [
                     *           {
                     *             "term": {
                     *               "notation": "크롤 용어",
                     *               "definition": ""
                     *             },
                     *             "termId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *             "deleted": false,
                     *             "version": 10,
                     *             "portalId": "portal-a",
                     *             "createdAt": "2026-11-24T21:30:18.756Z",
                     *             "deletedAt": null,
                     *             "updatedAt": "2026-11-24T21:30:18.756Z",
                     *             "confidence": null,
                     *             "contentKey": "portal-a:doc:1",
                     *             "detectedBy": "dictionary"
                     *           }
                     *         ],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 10,
                     *         "generatedAt": "2026-11-24T21:30:19.821Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["ContentTermLink"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminCreateContentTermLinks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "contentKey": "portal-a:doc:1",
                 *       "termId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                 *       "confidence": 0.9999999999999983
                 *     }
                 */
                "application/json": components["schemas"]["ManualContentTermLink"];
            };
        };
        responses: {
            /** @description Already linked so; nothing changed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["ContentTermLink"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Linked */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "term": {
                     *           "notation": "유햢쏃먜훕",
                     *           "definition": "근로자가 1년간 80% 이상 출근하면 받는 유급 휴가"
                     *         },
                     *         "termId": "349482ae-e6f6-4976-8d9a-827cdb52469d",
                     *         "deleted": false,
                     *         "version": 16,
                     *         "portalId": "portal-a",
                     *         "createdAt": "2026-11-24T21:30:18.756Z",
                     *         "deletedAt": null,
                     *         "updatedAt": "2026-11-24T21:30:20.882Z",
                     *         "confidence": 1,
                     *         "contentKey": "portal-a:doc:1",
                     *         "detectedBy": "manual"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.914Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["ContentTermLink"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminListTermRevisions: {
        parameters: {
            query?: {
                /** @description Only revisions in this status */
                status?: "pending" | "approved" | "rejected" | "superseded";
                /**
                 * @description Only records of this glossary term (UUID)
                 * @example 349482ae-e6f6-4976-8d9a-827cdb52469d
                 */
                termId?: string;
                /** @description Items per page */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "items": [],
                     *         "nextCursor": null
                     *       },
                     *       "meta": {
                     *         "dataVersion": 10,
                     *         "generatedAt": "2026-11-24T21:30:19.832Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: {
                            items: components["schemas"]["TermRevision"][];
                            nextCursor: string | null;
                        };
                        meta: components["schemas"]["Meta"];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminGetTermRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 44df9d97-5179-43a7-a9ba-01b730a321f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "44df9d97-5179-43a7-a9ba-01b730a321f6",
                     *         "termId": "1c23f1a3-22f6-4cdf-a681-6440aea4a111",
                     *         "notation": "수정 승인할 용어",
                     *         "termStatus": "approved",
                     *         "status": "pending",
                     *         "proposedBy": "portal-a",
                     *         "changes": {
                     *           "definition": "크롤이 고친 정의"
                     *         },
                     *         "current": {
                     *           "definition": ""
                     *         },
                     *         "baseVersion": 6,
                     *         "termVersion": 6,
                     *         "decidedBy": null,
                     *         "decidedAt": null,
                     *         "createdAt": "2026-11-24T21:30:18.538Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:19.842Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TermRevision"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminApproveTermRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 44df9d97-5179-43a7-a9ba-01b730a321f6
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "44df9d97-5179-43a7-a9ba-01b730a321f6",
                     *         "termId": "1c23f1a3-22f6-4cdf-a681-6440aea4a111",
                     *         "notation": "수정 승인할 용어",
                     *         "termStatus": "approved",
                     *         "status": "approved",
                     *         "proposedBy": "portal-a",
                     *         "changes": {
                     *           "definition": "크롤이 고친 정의"
                     *         },
                     *         "current": {
                     *           "definition": "크롤이 고친 정의"
                     *         },
                     *         "baseVersion": 6,
                     *         "termVersion": 17,
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:20.920Z",
                     *         "createdAt": "2026-11-24T21:30:18.538Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:20.944Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TermRevision"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    adminRejectTermRevision: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The record's id (UUID)
                 * @example 7e29ef23-6ef1-42b8-ba1d-82bd6ad50a4f
                 */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "data": {
                     *         "id": "7e29ef23-6ef1-42b8-ba1d-82bd6ad50a4f",
                     *         "termId": "c825710e-987e-42fb-ac3c-544d3a4418a5",
                     *         "notation": "수정 반려할 용어",
                     *         "termStatus": "approved",
                     *         "status": "rejected",
                     *         "proposedBy": "portal-a",
                     *         "changes": {
                     *           "definition": "크롤이 고친 정의"
                     *         },
                     *         "current": {
                     *           "definition": ""
                     *         },
                     *         "baseVersion": 8,
                     *         "termVersion": 8,
                     *         "decidedBy": "admin:7",
                     *         "decidedAt": "2026-11-24T21:30:21.842Z",
                     *         "createdAt": "2026-11-24T21:30:18.602Z"
                     *       },
                     *       "meta": {
                     *         "generatedAt": "2026-11-24T21:30:21.855Z"
                     *       }
                     *     }
                     */
                    "application/json": {
                        data: components["schemas"]["TermRevision"];
                        meta?: {
                            generatedAt: string;
                        };
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listDocuments: {
        parameters: {
            query?: {
                /**
                 * @description Only this portal's documents (a portal's token may name only its own portal, its default)
                 * @example portal-a
                 */
                portalId?: string;
                /** @description Only documents in this status */
                status?: "queued" | "indexing" | "indexed" | "failed" | "pending_approval";
                /** @description Only documents changed at or after this time (ISO 8601) */
                updatedSince?: string;
                /** @description Documents per page, 1 to 1000 */
                limit?: number;
                /** @description The previous page's `nextCursor`; valid only with the same filters */
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "items": [
                     *         {
                     *           "portalId": "portal-a",
                     *           "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *           "sourceVersion": "v1",
                     *           "indexedVersion": "v1",
                     *           "title": "문서 /crawl/indexed.html",
                     *           "status": "indexed",
                     *           "published": true,
                     *           "chunkCount": 1,
                     *           "errorCode": null,
                     *           "createdAt": "2026-11-24T21:30:18.894Z",
                     *           "updatedAt": "2026-11-24T21:30:19.609Z",
                     *           "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9"
                     *         }
                     *       ],
                     *       "nextCursor": null
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentPage"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    ingestDocument: {
        parameters: {
            query?: {
                /** @description Wait for indexing to finish (200) instead of answering once queued (202) */
                wait?: boolean;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "portalId": "portal-a",
                 *       "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                 *       "sourceVersion": "v2",
                 *       "tenantId": "c95394be-2e24-4f5f-a26d-610ed1d8f442",
                 *       "organizationIds": [
                 *         "c5771f25-60fa-4ece-9884-f69e80242b44"
                 *       ],
                 *       "securityLevel": "INTERNAL",
                 *       "classification": "유햢쏃먜훕팁",
                 *       "title": "연차 휴가 규정",
                 *       "contentLocator": "http://127.0.0.1:34657/crawl/valid.html",
                 *       "checksum": "1245c05ff6014792ab082b9b805ac7b50e0c3a6050ab8f823cc44b4f293a2513",
                 *       "contentType": "text/html",
                 *       "registrant": {
                 *         "id": "crawl-admin",
                 *         "departmentCode": "HR"
                 *       },
                 *       "sizeBytes": 110
                 *     }
                 */
                "application/json": components["schemas"]["IngestionRequest"];
            };
        };
        responses: {
            /** @description Indexed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "indexed": true,
                     *       "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *       "chunkCount": 1,
                     *       "sourceVersion": "v2"
                     *     }
                     */
                    "application/json": components["schemas"]["IngestionResult"];
                };
            };
            /** @description Accepted, not yet indexed */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IngestionResult"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocumentBySource: {
        parameters: {
            query: {
                /**
                 * @description The portal that registered the document
                 * @example portal-a
                 */
                portalId: string;
                /**
                 * @description The document's id in that portal
                 * @example 2fbcea08-c22e-4c78-a1b8-9174b67b4a09
                 */
                sourceDocumentId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "portalId": "portal-a",
                     *       "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *       "sourceVersion": "v1",
                     *       "indexedVersion": "v1",
                     *       "title": "문서 /crawl/indexed.html",
                     *       "status": "indexed",
                     *       "published": true,
                     *       "chunkCount": 1,
                     *       "errorCode": null,
                     *       "createdAt": "2026-11-24T21:30:18.894Z",
                     *       "updatedAt": "2026-11-24T21:30:19.609Z",
                     *       "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9"
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentSummary"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The document's id in this service (UUID), as ingestion answered it
                 * @example be5b56d9-effd-4145-9c85-e8529d9371e9
                 */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *       "status": "indexed",
                     *       "chunkCount": 1,
                     *       "sourceVersion": "v1",
                     *       "indexedVersion": "v1",
                     *       "published": true
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentState"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    purgeDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description A portal's id
                 * @example portal-a
                 */
                portalId: string;
                /**
                 * @description The document's id in its portal (UUID)
                 * @example 2fbcea08-c22e-4c78-a1b8-9174b67b4a09
                 */
                sourceDocumentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "purged": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {boolean} */
                        purged: true;
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    publishDocument: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The document's id in this service (UUID), as ingestion answered it
                 * @example be5b56d9-effd-4145-9c85-e8529d9371e9
                 */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *       "status": "indexed",
                     *       "chunkCount": 1,
                     *       "sourceVersion": "v2",
                     *       "indexedVersion": "v2",
                     *       "published": true
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentState"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    approveDocumentFetch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /**
                 * @description The document's id in this service (UUID), as ingestion answered it
                 * @example be5b56d9-effd-4145-9c85-e8529d9371e9
                 */
                documentId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *       "status": "queued",
                     *       "chunkCount": 1,
                     *       "sourceVersion": "v2",
                     *       "indexedVersion": "v2",
                     *       "published": true
                     *     }
                     */
                    "application/json": components["schemas"]["DocumentState"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getSettings: {
        parameters: {
            query?: {
                /** @description installation (the operator only) or tenant (the caller's tenant's overrides); default: the installation's for the operator, else the tenant's */
                scope?: "installation" | "tenant";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "scope": "installation",
                     *       "version": 0,
                     *       "settings": {
                     *         "ingestion": {
                     *           "chunkSize": 800,
                     *           "chunkOverlap": 120,
                     *           "workerCount": 4,
                     *           "batchSize": 32,
                     *           "maxRetries": 5,
                     *           "backoffMs": 500
                     *         },
                     *         "embedding": {
                     *           "provider": "openai",
                     *           "endpoint": "http://127.0.0.1:45739/v1/embeddings",
                     *           "model": "bge-m3",
                     *           "dimensions": 1024
                     *         },
                     *         "retrieval": {
                     *           "rrfK": 1,
                     *           "textSearchConfig": "korean",
                     *           "safeContexts": 5,
                     *           "candidateLimit": 50,
                     *           "weights": {
                     *             "vector": 0.25,
                     *             "text": 1,
                     *             "bigram": 1
                     *           },
                     *           "vectorFloor": null
                     *         },
                     *         "llm": {
                     *           "provider": "ollama",
                     *           "endpoint": null,
                     *           "model": "qwen2.5:7b-instruct",
                     *           "temperature": 0.1,
                     *           "maxContextTokens": 8192
                     *         },
                     *         "lifecycle": {
                     *           "publicationApprovalRequired": false,
                     *           "retentionDays": 0,
                     *           "sourceDeleteCascade": true,
                     *           "fileStoreApprovalRequired": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["VersionedRagSettings"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    updateSettings: {
        parameters: {
            query?: {
                /** @description installation (the operator only) or tenant (the caller's tenant's overrides); default: the installation's for the operator, else the tenant's */
                scope?: "installation" | "tenant";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ingestion": {
                 *         "chunkSize": 800,
                 *         "chunkOverlap": 120
                 *       },
                 *       "embedding": {
                 *         "provider": "openai",
                 *         "endpoint": "http://127.0.0.1:45739/v1/embeddings",
                 *         "model": "p",
                 *         "dimensions": 1024
                 *       },
                 *       "retrieval": {
                 *         "rrfK": 1,
                 *         "safeContexts": 5
                 *       },
                 *       "llm": {
                 *         "endpoint": null,
                 *         "model": "PtWGpKZ",
                 *         "temperature": 2.2080743720903017e-216,
                 *         "maxContextTokens": 1000000
                 *       },
                 *       "lifecycle": {
                 *         "publicationApprovalRequired": false,
                 *         "fileStoreApprovalRequired": false
                 *       }
                 *     }
                 */
                "application/json": components["schemas"]["RagSettingsPatch"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "scope": "installation",
                     *       "version": 1,
                     *       "settings": {
                     *         "ingestion": {
                     *           "chunkSize": 800,
                     *           "chunkOverlap": 120,
                     *           "workerCount": 4,
                     *           "batchSize": 32,
                     *           "maxRetries": 5,
                     *           "backoffMs": 500
                     *         },
                     *         "embedding": {
                     *           "provider": "openai",
                     *           "endpoint": "http://127.0.0.1:45739/v1/embeddings",
                     *           "model": "p",
                     *           "dimensions": 1024
                     *         },
                     *         "retrieval": {
                     *           "rrfK": 1,
                     *           "textSearchConfig": "korean",
                     *           "safeContexts": 5,
                     *           "candidateLimit": 50,
                     *           "weights": {
                     *             "vector": 0.25,
                     *             "text": 1,
                     *             "bigram": 1
                     *           },
                     *           "vectorFloor": null
                     *         },
                     *         "llm": {
                     *           "provider": "ollama",
                     *           "endpoint": null,
                     *           "model": "PtWGpKZ",
                     *           "temperature": 2.2080743720903017e-216,
                     *           "maxContextTokens": 1000000
                     *         },
                     *         "lifecycle": {
                     *           "publicationApprovalRequired": false,
                     *           "retentionDays": 0,
                     *           "sourceDeleteCascade": true,
                     *           "fileStoreApprovalRequired": false
                     *         }
                     *       }
                     *     }
                     */
                    "application/json": components["schemas"]["VersionedRagSettings"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    listSettingsChanges: {
        parameters: {
            query?: {
                /** @description installation (the operator only) or tenant (the caller's tenant's overrides); default: the installation's for the operator, else the tenant's */
                scope?: "installation" | "tenant";
                /** @description Items per page */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "scope": "installation",
                     *       "items": []
                     *     }
                     */
                    "application/json": components["schemas"]["RagSettingsHistory"];
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    search: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "question": "연차 휴가는 어떻게 신청하나요?",
                 *       "legs": [
                 *         "bigram",
                 *         "text"
                 *       ]
                 *     }
                 */
                "application/json": components["schemas"]["SearchRequest"];
            };
        };
        responses: {
            /** @description Contexts, best first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "contexts": [
                     *         {
                     *           "chunkId": "2",
                     *           "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *           "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *           "portalId": "portal-a",
                     *           "title": "연차 휴가 규정",
                     *           "chunkIndex": 0,
                     *           "content": "연차 휴가 규정\n직원은 연차 휴가를 신청할 수 있다.",
                     *           "headingPath": [
                     *             "연차 휴가 규정"
                     *           ],
                     *           "securityLevel": "INTERNAL",
                     *           "sourceVersion": "v2",
                     *           "vector_score": null,
                     *           "text_score": 0.9041436562770256,
                     *           "bigram_score": 0.0062856655567884445,
                     *           "hybrid_score": 0.5,
                     *           "vector_rank": null,
                     *           "text_rank": 1,
                     *           "bigram_rank": 1
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        contexts: components["schemas"]["SearchContext"][];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    ask: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "question": "연차 휴가는 어떻게 신청하나요?"
                 *     }
                 */
                "application/json": components["schemas"]["AskRequest"];
            };
        };
        responses: {
            /** @description The answer; with Accept: text/event-stream, `delta` events then one `citations` event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "answer": "직원은 연차 휴가를 신청할 수 있다. [1]",
                     *       "citations": [
                     *         {
                     *           "marker": 1,
                     *           "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *           "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *           "portalId": "portal-a",
                     *           "title": "연차 휴가 규정",
                     *           "chunkIndex": 0,
                     *           "excerpt": "연차 휴가 규정\n직원은 연차 휴가를 신청할 수 있다."
                     *         }
                     *       ],
                     *       "grounded": true,
                     *       "mode": "extractive"
                     *     }
                     */
                    "application/json": components["schemas"]["Answer"];
                    "text/event-stream": string;
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getRetrievalOverview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "documents": {
                     *         "indexed": 1
                     *       },
                     *       "chunks": {
                     *         "total": 1,
                     *         "hidden": 0
                     *       },
                     *       "jobs": {
                     *         "done": 1
                     *       },
                     *       "recentFailures": [],
                     *       "organizations": {
                     *         "lastSuccessAt": "2026-11-24T21:30:05.555Z",
                     *         "lastAttemptAt": "2026-11-24T21:30:05.555Z",
                     *         "error": null,
                     *         "directoryVersion": 6,
                     *         "count": 2,
                     *         "active": 2,
                     *         "stale": false
                     *       },
                     *       "activity": [],
                     *       "recentAudit": [],
                     *       "settingsVersion": 0,
                     *       "tenantSettingsVersion": 0,
                     *       "queues": [
                     *         {
                     *           "stream": "rag:ingestion",
                     *           "pending": 0,
                     *           "lag": 0,
                     *           "dead": 0
                     *         },
                     *         {
                     *           "stream": "rag:org-sync",
                     *           "pending": 0,
                     *           "lag": 0,
                     *           "dead": 0
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": components["schemas"]["RagOverview"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    getMe: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "sub": "crawl-admin",
                     *       "tenantId": "c95394be-2e24-4f5f-a26d-610ed1d8f442",
                     *       "organizationId": "c5771f25-60fa-4ece-9884-f69e80242b44",
                     *       "organizationSynced": true,
                     *       "readableOrganizations": "tenant",
                     *       "clearance": "RESTRICTED",
                     *       "roles": [
                     *         "tenant_admin",
                     *         "installation_operator"
                     *       ],
                     *       "portalId": null
                     *     }
                     */
                    "application/json": components["schemas"]["Me"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    gatewaySearch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "query": "연차 휴가는 어떻게 신청하나요?",
                 *       "limit": 50
                 *     }
                 */
                "application/json": components["schemas"]["ExploreSearchRequest"];
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "capability": "search",
                     *       "kind": "document",
                     *       "items": [
                     *         {
                     *           "id": "2",
                     *           "title": "연차 휴가 규정",
                     *           "snippet": "연차 휴가 규정\n직원은 연차 휴가를 신청할 수 있다.",
                     *           "score": 0.5625,
                     *           "source": {
                     *             "portalId": "portal-a",
                     *             "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *             "chunkIndex": 0
                     *           }
                     *         }
                     *       ]
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        capability: "search";
                        /** @enum {string} */
                        kind: "document";
                        items: components["schemas"]["ExploreSearchItem"][];
                    };
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    gatewayAsk: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "question": "연차 휴가는 어떻게 신청하나요?"
                 *     }
                 */
                "application/json": components["schemas"]["ExploreAskRequest"];
            };
        };
        responses: {
            /** @description The answer; with Accept: text/event-stream, `delta` events then one `citations` event */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    /**
                     * @example {
                     *       "capability": "answer",
                     *       "answer": "직원은 연차 휴가를 신청할 수 있다. [1]",
                     *       "citations": [
                     *         {
                     *           "marker": 1,
                     *           "documentId": "be5b56d9-effd-4145-9c85-e8529d9371e9",
                     *           "sourceDocumentId": "2fbcea08-c22e-4c78-a1b8-9174b67b4a09",
                     *           "portalId": "portal-a",
                     *           "title": "연차 휴가 규정",
                     *           "chunkIndex": 0,
                     *           "excerpt": "연차 휴가 규정\n직원은 연차 휴가를 신청할 수 있다."
                     *         }
                     *       ],
                     *       "grounded": true
                     *     }
                     */
                    "application/json": {
                        /** @enum {string} */
                        capability: "answer";
                        answer: string;
                        citations: components["schemas"]["Citation"][];
                        grounded: boolean;
                        /** @enum {string} */
                        reason?: "no_evidence" | "no_gateway_mapping";
                    };
                    "text/event-stream": string;
                };
            };
            /** @description Problem details */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
            /** @description Problem details */
            504: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/problem+json": components["schemas"]["Problem"];
                };
            };
        };
    };
    directoryChanged: {
        parameters: {
            query?: never;
            header: {
                /** @description The same on a retry of the same range: drop repeats by it */
                "webhook-id": string;
                /** @description Unix seconds when signed */
                "webhook-timestamp": string;
                /** @description Space-separated `v1,<base64 HMAC-SHA256>`, one per valid secret */
                "webhook-signature": string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookEvent"];
            };
        };
        responses: {
            /** @description Any 2xx accepts the delivery; anything else, or no answer, is retried */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
