{{/* ---------------------------------------------------------------- names and labels */}}

{{- define "civic.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "civic.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/* The services that own a schema and a stream, in a fixed order. */}}
{{- define "civic.services" -}}identity decisions elections chat notifications{{- end -}}

{{/* Front ends: values key -> component name. */}}
{{- define "civic.frontends" -}}shell decisions elections{{- end -}}

{{/* Resource name of a component: (list $ "chat") */}}
{{- define "civic.componentName" -}}
{{- $root := index . 0 -}}
{{- printf "%s-%s" (include "civic.fullname" $root) (index . 1) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/* Selector labels: (list $ "chat") */}}
{{- define "civic.selectorLabels" -}}
{{- $root := index . 0 -}}
app.kubernetes.io/name: {{ include "civic.name" $root }}
app.kubernetes.io/instance: {{ $root.Release.Name }}
app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* Common labels: (list $ "chat") */}}
{{- define "civic.labels" -}}
{{- $root := index . 0 -}}
{{ include "civic.selectorLabels" . }}
app.kubernetes.io/part-of: civic-platform
app.kubernetes.io/managed-by: {{ $root.Release.Service }}
helm.sh/chart: {{ printf "%s-%s" $root.Chart.Name $root.Chart.Version | replace "+" "_" }}
{{- end -}}

{{/* Labels of the chart's own pods, for NetworkPolicy peers: (list $ "chat") */}}
{{- define "civic.peer" -}}
{{- $root := index . 0 -}}
- podSelector:
    matchLabels:
      app.kubernetes.io/name: {{ include "civic.name" $root }}
      app.kubernetes.io/instance: {{ $root.Release.Name }}
      app.kubernetes.io/component: {{ index . 1 }}
{{- end -}}

{{/* ---------------------------------------------------------------- images */}}

{{/* Image reference of a component: (dict "root" $ "image" .Values.chat.image) */}}
{{- define "civic.image" -}}
{{- $root := .root -}}
{{- $registry := $root.Values.global.imageRegistry | default $root.Values.image.registry -}}
{{- $repository := .image.repository -}}
{{- if $registry }}{{ $repository = printf "%s/%s" (trimSuffix "/" $registry) $repository }}{{ end -}}
{{- if .image.digest -}}
{{- printf "%s@%s" $repository .image.digest -}}
{{- else -}}
{{- printf "%s:%s" $repository (.image.tag | default $root.Values.image.tag | default $root.Chart.AppVersion) -}}
{{- end -}}
{{- end -}}

{{/* ---------------------------------------------------------------- configuration */}}

{{/* The origin users open. */}}
{{- define "civic.publicUrl" -}}
{{- if .Values.publicUrl -}}
{{- trimSuffix "/" .Values.publicUrl -}}
{{- else if and .Values.ingress.enabled .Values.ingress.host -}}
{{- printf "%s://%s" (ternary "https" "http" (gt (len .Values.ingress.tls) 0)) .Values.ingress.host -}}
{{- else -}}
http://localhost:8080
{{- end -}}
{{- end -}}

{{/* The Secret the services read: existingSecret or the chart's. */}}
{{- define "civic.secretName" -}}
{{- .Values.secrets.existingSecret | default (printf "%s-secrets" (include "civic.fullname" .)) -}}
{{- end -}}

{{/* Key of a service's database URL in that Secret: (list $ "chat") */}}
{{- define "civic.databaseUrlKey" -}}
{{- $root := index . 0 -}}{{- $service := index . 1 -}}
{{- $secrets := $root.Values.secrets -}}
{{- if $secrets.existingSecret -}}
{{- index $secrets.existingSecretKeys.databaseUrls $service | default $secrets.existingSecretKeys.databaseUrl -}}
{{- else if index $secrets.databaseUrls $service -}}
{{- printf "%s-database-url" $service -}}
{{- else -}}
database-url
{{- end -}}
{{- end -}}

{{/* Key of a named value (natsUrl, redisUrl, smtpUrl, ipHashKey) in the services' Secret: (list $ "natsUrl") */}}
{{- define "civic.secretKey" -}}
{{- $root := index . 0 -}}{{- $name := index . 1 -}}
{{- if $root.Values.secrets.existingSecret -}}
{{- index $root.Values.secrets.existingSecretKeys $name -}}
{{- else -}}
{{- dict "natsUrl" "nats-url" "redisUrl" "redis-url" "smtpUrl" "smtp-url" "ipHashKey" "ip-hash-key" | pluck $name | first -}}
{{- end -}}
{{- end -}}

{{/* DATABASE_URL (and what it is built from) of a service: (list $ "chat" "<secret name for external urls>") */}}
{{- define "civic.databaseEnv" -}}
{{- $root := index . 0 -}}{{- $service := index . 1 -}}{{- $secretName := index . 2 -}}
{{- if $root.Values.postgresql.enabled -}}
{{- $pg := $root.Values.postgresql -}}
{{- /* The bundled PostgreSQL's password, spliced into the URL by Kubernetes ($(VAR) expansion). */ -}}
- name: CIVIC_POSTGRES_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $pg.auth.existingSecret | default (printf "%s-postgresql" $root.Release.Name | trunc 63 | trimSuffix "-") }}
      key: {{ $pg.auth.existingSecretPasswordKey }}
- name: DATABASE_URL
  value: {{ printf "postgresql://%s:$(CIVIC_POSTGRES_PASSWORD)@%s:5432/%s" $pg.auth.username (printf "%s-postgresql" $root.Release.Name | trunc 63 | trimSuffix "-") $pg.auth.database | quote }}
{{- else }}
- name: DATABASE_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "civic.databaseUrlKey" (list $root $service) }}
{{- end -}}
{{- end -}}

{{/* Every variable of a service that does not come from its ConfigMap: (list $ "chat") */}}
{{- define "civic.serviceEnv" -}}
{{- $root := index . 0 -}}{{- $service := index . 1 -}}
{{- $values := index $root.Values $service -}}
{{- $secretName := include "civic.secretName" $root -}}
- name: PORT
  value: {{ $values.service.port | quote }}
- name: HOST
  value: "0.0.0.0"
{{ include "civic.databaseEnv" (list $root $service $secretName) | trim }}
{{- if $root.Values.nats.enabled }}
- name: NATS_URL
  value: {{ printf "nats://%s-nats:4222" $root.Release.Name | quote }}
{{- else }}
- name: NATS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "civic.secretKey" (list $root "natsUrl") }}
{{- end }}
{{- if ne $service "identity" }}
- name: JWKS_URL
  value: {{ printf "http://%s:%v/api/auth/jwks" (include "civic.componentName" (list $root "identity")) $root.Values.identity.service.port | quote }}
{{- end }}
{{- if eq $service "chat" }}
{{- if $root.Values.redis.enabled }}
- name: CIVIC_REDIS_PASSWORD
  valueFrom:
    secretKeyRef:
      name: {{ $root.Values.redis.auth.existingSecret | default (printf "%s-redis" $root.Release.Name | trunc 63 | trimSuffix "-") }}
      key: {{ $root.Values.redis.auth.existingSecretPasswordKey }}
- name: REDIS_URL
  value: {{ printf "redis://:$(CIVIC_REDIS_PASSWORD)@%s-redis:6379" $root.Release.Name | quote }}
{{- else }}
- name: REDIS_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "civic.secretKey" (list $root "redisUrl") }}
      # absent key: chat runs without the adapter (one pod only)
      optional: true
{{- end }}
{{- end }}
{{- if eq $service "identity" }}
{{- $publicUrl := include "civic.publicUrl" $root }}
- name: PUBLIC_URL
  value: {{ $publicUrl | quote }}
- name: COOKIE_SECURE
  value: {{ hasPrefix "https://" $publicUrl | quote }}
- name: SMTP_URL
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "civic.secretKey" (list $root "smtpUrl") }}
      # absent key: identity's default (a local catcher): no mail reaches users
      optional: true
- name: IP_HASH_KEY
  valueFrom:
    secretKeyRef:
      name: {{ $secretName }}
      key: {{ include "civic.secretKey" (list $root "ipHashKey") }}
{{- end }}
{{- end -}}

{{/* ---------------------------------------------------------------- workloads */}}

{{/*
A Deployment and its Service. dict:
  root, name (component name), values (the component's values), kind (service | gateway | frontend),
  env (rendered env list, may be empty), configChecksum, readinessPath, volumes, volumeMounts (rendered, may be empty)
*/}}
{{- define "civic.workload" -}}
{{- $root := .root -}}{{- $v := .values -}}{{- $name := .name -}}
{{- $port := $v.service.port -}}
{{- $labels := list $root $name -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ include "civic.componentName" $labels }}
  labels:
    {{- include "civic.labels" $labels | nindent 4 }}
  {{- with $v.service.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: ClusterIP
  selector:
    {{- include "civic.selectorLabels" $labels | nindent 4 }}
  ports:
    - name: http
      port: {{ $port }}
      targetPort: http
      protocol: TCP
---
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ include "civic.componentName" $labels }}
  labels:
    {{- include "civic.labels" $labels | nindent 4 }}
spec:
  {{- if not $v.autoscaling.enabled }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- include "civic.selectorLabels" $labels | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "civic.labels" $labels | nindent 8 }}
        {{- with $v.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ .configChecksum }}
        {{- if and $root.Values.metrics.podAnnotations (ne .kind "frontend") }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ $port | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "civic.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with $root.Values.global.imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      securityContext:
        {{- toYaml $root.Values.podSecurityContext | nindent 8 }}
      terminationGracePeriodSeconds: {{ $v.terminationGracePeriodSeconds }}
      containers:
        - name: {{ $name }}
          image: {{ include "civic.image" (dict "root" $root "image" $v.image) | quote }}
          imagePullPolicy: {{ $root.Values.image.pullPolicy }}
          ports:
            - name: http
              containerPort: {{ $port }}
              protocol: TCP
          {{- if .env }}
          env:
            {{- .env | nindent 12 }}
          {{- end }}
          {{- if ne .kind "frontend" }}
          envFrom:
            - configMapRef:
                name: {{ include "civic.componentName" $labels }}-config
          {{- end }}
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 2
            timeoutSeconds: {{ $v.probes.timeoutSeconds }}
            failureThreshold: {{ $v.probes.startupFailureThreshold }}
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $v.probes.periodSeconds }}
            timeoutSeconds: {{ $v.probes.timeoutSeconds }}
            failureThreshold: {{ $v.probes.failureThreshold }}
          readinessProbe:
            httpGet:
              path: {{ .readinessPath }}
              port: http
            periodSeconds: {{ $v.probes.periodSeconds }}
            timeoutSeconds: {{ $v.probes.timeoutSeconds }}
            failureThreshold: {{ $v.probes.failureThreshold }}
          {{- if gt (int $v.preStopSleepSeconds) 0 }}
          lifecycle:
            preStop:
              # Endpoints drop the pod while it still serves; SIGTERM (graceful shutdown) comes after.
              exec:
                command: ["sleep", {{ $v.preStopSleepSeconds | quote }}]
          {{- end }}
          securityContext:
            {{- toYaml $root.Values.containerSecurityContext | nindent 12 }}
          resources:
            {{- toYaml $v.resources | nindent 12 }}
          volumeMounts:
            - name: tmp
              mountPath: /tmp
            {{- with .volumeMounts }}
            {{- . | nindent 12 }}
            {{- end }}
      volumes:
        - name: tmp
          emptyDir: {}
        {{- with .volumes }}
        {{- . | nindent 8 }}
        {{- end }}
      {{- with $v.nodeSelector }}
      nodeSelector:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.tolerations }}
      tolerations:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.affinity }}
      affinity:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.topologySpreadConstraints }}
      topologySpreadConstraints:
        {{- range . }}
        - {{ toYaml (merge (dict) . (dict "labelSelector" (dict "matchLabels" (include "civic.selectorLabels" $labels | fromYaml)))) | nindent 10 | trim }}
        {{- end }}
      {{- end }}
{{- end -}}

{{- define "civic.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "civic.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/* Every component: name -> values, for the HPA and PDB loops. */}}
{{- define "civic.components" -}}
{{- $out := dict -}}
{{- range (include "civic.services" . | splitList " ") }}{{ $_ := set $out . (index $.Values .) }}{{ end -}}
{{- $_ := set $out "gateway" .Values.gateway -}}
{{- range (include "civic.frontends" . | splitList " ") }}{{ $_ := set $out (printf "frontend-%s" .) (index $.Values.frontends .) }}{{ end -}}
{{- toJson $out -}}
{{- end -}}
