{{/* ---------------------------------------------------------------- secrets and the database */}}

{{/* The Secret every pod reads its connection URLs and keys from (never rendered by the charts). */}}
{{- define "lib.secretName" -}}
{{- required "global.existingSecret must name the Secret holding the connection URLs and keys (create it once: node deploy/scripts/create-secrets.mjs, or with External Secrets / Sealed Secrets; see deploy/OPERATIONS.md)" (.Values.global).existingSecret -}}
{{- end -}}

{{/* An env entry read from that Secret: (dict "root" $ "env" "NATS_URL" "key" "natsUrl" "optional" false) */}}
{{- define "lib.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      name: {{ include "lib.secretName" .root }}
      key: {{ index (.root.Values.global).secretKeys .key | default .key }}
      {{- if .optional }}
      optional: true
      {{- end }}
{{- end -}}

{{/* DATABASE_URL of this service: its own key (databaseUrlKey) or the platform's. */}}
{{- define "lib.databaseEnv" -}}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "lib.secretName" . }}
      key: {{ .Values.databaseUrlKey | default (.Values.global).secretKeys.databaseUrl }}
{{- end -}}

{{/*
DATABASE_URL of the migration Job: a migration-only key when one is set, else the pods' own.
Behind a transaction-mode pooler the migrations' advisory lock needs a session, so that key names a
direct PostgreSQL connection. The global key applies only to services on the platform's database:
one with its own databaseUrlKey migrates through its own migrationDatabaseUrlKey or its pods' URL.
*/}}
{{- define "lib.migrationDatabaseEnv" -}}
{{- $key := .Values.migrationDatabaseUrlKey | default (ternary "" ((.Values.global).secretKeys.migrationDatabaseUrl | default "") (not (empty .Values.databaseUrlKey))) -}}
{{- if $key }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ include "lib.secretName" . }}
      key: {{ $key }}
{{- else }}
{{- include "lib.databaseEnv" . }}
{{- end }}
{{- end -}}

{{/*
What every evented service gets besides its ConfigMap: port, database, NATS, the outbox relay's LISTEN
connection and (but identity) the JWKS. OUTBOX_LISTEN_URL is optional: a Secret without its key leaves
the relay listening on DATABASE_URL, which is right unless that goes through a transaction-mode pooler.
*/}}
{{- define "lib.serviceEnv" -}}
- name: PORT
  value: {{ include "lib.port" (list . .Chart.Name) | quote }}
- name: HOST
  value: "0.0.0.0"
{{ include "lib.databaseEnv" . }}
{{ include "lib.secretEnv" (dict "root" . "env" "NATS_URL" "key" "natsUrl") }}
{{ include "lib.secretEnv" (dict "root" . "env" "OUTBOX_LISTEN_URL" "key" (.Values.outboxListenUrlKey | default "outboxListenUrl") "optional" true) }}
{{- if ne .Chart.Name "identity" }}
- name: JWKS_URL
  value: {{ printf "%s/api/auth/jwks" (include "lib.peerUrl" (list . "identity")) | quote }}
{{- end }}
{{- end -}}

{{/* ---------------------------------------------------------------- migrations */}}

{{/* The pod spec of the migration Job: nothing in it may depend on replicas, HPA or resources values. */}}
{{- define "lib.migrationJobSpec" -}}
{{- $m := .Values.migrations -}}
backoffLimit: {{ $m.backoffLimit }}
activeDeadlineSeconds: {{ $m.activeDeadlineSeconds }}
template:
  metadata:
    labels:
      {{- include "lib.selectorLabels" (dict "root" . "role" "migration") | nindent 6 }}
      app.kubernetes.io/part-of: civic-platform
  spec:
    restartPolicy: Never
    serviceAccountName: {{ include "lib.serviceAccountName" . }}
    automountServiceAccountToken: false
    {{- with (.Values.global).imagePullSecrets }}
    imagePullSecrets:
      {{- toYaml . | nindent 6 }}
    {{- end }}
    securityContext:
      {{- include "lib.podSecurityContext" . | nindent 6 }}
    containers:
      - name: migrate
        image: {{ include "lib.image" (dict "root" . "image" .Values.image) | quote }}
        imagePullPolicy: {{ include "lib.pullPolicy" (dict "root" . "image" .Values.image) }}
        # Waits for the database first: with the bundled PostgreSQL the Job starts alongside it.
        command: ["node", "packages/db-migrate/dist/cli.js", "apply", {{ .Chart.Name | quote }}, "--wait-for-database", {{ $m.waitForDatabaseSeconds | quote }}]
        env:
          {{- include "lib.migrationDatabaseEnv" . | nindent 10 }}
        securityContext:
          {{- include "lib.containerSecurityContext" . | nindent 10 }}
        resources:
          {{- toYaml $m.resources | nindent 10 }}
        volumeMounts:
          - name: tmp
            mountPath: /tmp
    volumes:
      - name: tmp
        emptyDir: {}
    {{- with $m.nodeSelector }}
    nodeSelector:
      {{- toYaml . | nindent 6 }}
    {{- end }}
    {{- with $m.tolerations }}
    tolerations:
      {{- toYaml . | nindent 6 }}
    {{- end }}
{{- end -}}

{{/*
The migration Job of a service: a plain object of the release (not a hook), named after the image
version plus a hash of its spec. A new image gives a new name, so Helm creates a new Job (and
deletes the previous version's); a values-only upgrade renders the same Job, which Helm leaves as it
is, so no migration runs. Any change of the Job's own spec (migrations.*) also gets a new name,
since a Job's pod template cannot be changed in place.
*/}}
{{- define "lib.migrationJob" -}}
{{- if .Values.migrations.enabled }}
{{- $spec := include "lib.migrationJobSpec" . }}
{{- $version := include "lib.imageVersion" (dict "root" . "image" .Values.image) }}
{{- $base := printf "%s-migrate-%s" (include "lib.fullname" .) $version | trunc 54 | trimSuffix "-" }}
---
apiVersion: batch/v1
kind: Job
metadata:
  name: {{ printf "%s-%s" $base ($spec | sha256sum | trunc 8) }}
  labels:
    {{- include "lib.labels" (dict "root" . "role" "migration") | nindent 4 }}
    civic.io/image-version: {{ $version | quote }}
spec:
  {{- $spec | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
Init container of a service's pods: waits until every migration shipped in the image is applied
(by this image's Job), so a pod starts on its schema instead of crash-looping while the Job runs.
*/}}
{{- define "lib.waitForSchema" -}}
{{- if .Values.migrations.waitForSchema }}
- name: wait-for-schema
  image: {{ include "lib.image" (dict "root" . "image" .Values.image) | quote }}
  imagePullPolicy: {{ include "lib.pullPolicy" (dict "root" . "image" .Values.image) }}
  command: ["node", "packages/db-migrate/dist/cli.js", "wait", {{ .Chart.Name | quote }}]
  env:
    {{- include "lib.databaseEnv" . | nindent 4 }}
  securityContext:
    {{- include "lib.containerSecurityContext" . | nindent 4 }}
  resources:
    requests: { cpu: 10m, memory: 64Mi }
    limits: { memory: 256Mi }
  volumeMounts:
    - name: tmp
      mountPath: /tmp
{{- end }}
{{- end -}}
