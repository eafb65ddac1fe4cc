{{/* ---------------------------------------------------------------- pods */}}

{{/* Every pod of the platform: non-root (uid set by the images), default seccomp profile. */}}
{{- define "lib.podSecurityContext" -}}
runAsNonRoot: true
seccompProfile:
  type: RuntimeDefault
{{- end -}}

{{/* Every container of the platform: read-only root, no privilege escalation, no capabilities. */}}
{{- define "lib.containerSecurityContext" -}}
allowPrivilegeEscalation: false
readOnlyRootFilesystem: true
capabilities:
  drop: ["ALL"]
{{- end -}}

{{/*
Topology spread of a Deployment's pods: the component's own constraints, else the platform default
(global.topologySpreadConstraints). Each gets the pods' labels as its selector, and pod-template-hash
as a match key so a rolling update spreads the new ReplicaSet on its own.
(dict "root" $ "values" <component values> "selector" <selector labels dict>)
*/}}
{{- define "lib.topologySpread" -}}
{{- $constraints := .values.topologySpreadConstraints | default (.root.Values.global).topologySpreadConstraints -}}
{{- range $constraints }}
- {{ toYaml (merge (dict) . (dict "labelSelector" (dict "matchLabels" $.selector) "matchLabelKeys" (list "pod-template-hash"))) | nindent 2 | trim }}
{{- end }}
{{- end -}}

{{/*
A Deployment. dict:
  root, name, values (the component's values), selector (extra selector labels, may be empty),
  image, pullPolicy, port, env (rendered list), configMap (name for envFrom, may be empty),
  checksum, readinessPath, metrics (bool), initContainers, volumes, volumeMounts (rendered, may be empty)
*/}}
{{- define "lib.deployment" -}}
{{- $root := .root -}}{{- $v := .values -}}
{{- $labelArgs := dict "root" $root "extra" (.selector | default dict) -}}
{{- $selector := include "lib.selectorLabels" $labelArgs | fromYaml -}}
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" $labelArgs | nindent 4 }}
spec:
  {{- if not $v.autoscaling.enabled }}
  replicas: {{ $v.replicaCount }}
  {{- end }}
  revisionHistoryLimit: 5
  strategy:
    type: RollingUpdate
    rollingUpdate:
      # A new pod is ready before an old one goes: the component keeps its capacity while it rolls.
      maxSurge: 25%
      maxUnavailable: 0
  selector:
    matchLabels:
      {{- toYaml $selector | nindent 6 }}
  template:
    metadata:
      labels:
        {{- include "lib.labels" $labelArgs | nindent 8 }}
        {{- with $v.podLabels }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
      annotations:
        checksum/config: {{ .checksum }}
        {{- if .metrics }}
        prometheus.io/scrape: "true"
        prometheus.io/port: {{ .port | quote }}
        prometheus.io/path: /metrics
        {{- end }}
        {{- with $v.podAnnotations }}
        {{- toYaml . | nindent 8 }}
        {{- end }}
    spec:
      serviceAccountName: {{ include "lib.serviceAccountName" $root }}
      automountServiceAccountToken: false
      {{- with ($root.Values.global).imagePullSecrets }}
      imagePullSecrets:
        {{- toYaml . | nindent 8 }}
      {{- end }}
      {{- with $v.priorityClassName }}
      priorityClassName: {{ . }}
      {{- end }}
      securityContext:
        {{- include "lib.podSecurityContext" $root | nindent 8 }}
      terminationGracePeriodSeconds: {{ $v.terminationGracePeriodSeconds }}
      {{- with .initContainers | default "" | trim }}
      initContainers:
        {{- . | nindent 8 }}
      {{- end }}
      containers:
        - name: {{ include "lib.name" $root }}
          image: {{ .image | quote }}
          imagePullPolicy: {{ .pullPolicy }}
          ports:
            - name: http
              containerPort: {{ .port }}
              protocol: TCP
          {{- with .env }}
          env:
            {{- . | nindent 12 }}
          {{- end }}
          {{- with .configMap }}
          envFrom:
            - configMapRef:
                name: {{ . }}
          {{- end }}
          # Startup: a slow first start (cold caches) is not mistaken for a hung process.
          startupProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: 2
            timeoutSeconds: {{ $v.probes.timeoutSeconds }}
            failureThreshold: {{ $v.probes.startupFailureThreshold }}
          # Liveness asks only whether the process answers: it never depends on another system, so an
          # outage of PostgreSQL or NATS never restarts every pod at once.
          livenessProbe:
            httpGet:
              path: /healthz
              port: http
            periodSeconds: {{ $v.probes.periodSeconds }}
            timeoutSeconds: {{ $v.probes.timeoutSeconds }}
            failureThreshold: {{ $v.probes.failureThreshold }}
          # Readiness: what the pod needs to answer requests.
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
            {{- include "lib.containerSecurityContext" $root | nindent 12 }}
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
      {{- with include "lib.topologySpread" (dict "root" $root "values" $v "selector" $selector) | trim }}
      topologySpreadConstraints:
        {{- . | nindent 8 }}
      {{- end }}
{{- end -}}

{{/* A ClusterIP Service: (dict "root" $ "name" <name> "selector" <extra selector> "port" <port> "annotations" <map>) */}}
{{- define "lib.service" -}}
{{- $labelArgs := dict "root" .root "extra" (.selector | default dict) -}}
apiVersion: v1
kind: Service
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" $labelArgs | nindent 4 }}
  {{- with .annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
spec:
  type: ClusterIP
  selector:
    {{- include "lib.selectorLabels" $labelArgs | nindent 4 }}
  ports:
    - name: http
      port: {{ .port }}
      targetPort: http
      protocol: TCP
{{- end -}}

{{/* An HPA when the component's autoscaling is on: (dict "root" $ "name" <deployment name> "values" <component values> "selector" <extra>) */}}
{{- define "lib.hpa" -}}
{{- $v := .values -}}
{{- if $v.autoscaling.enabled }}
---
apiVersion: autoscaling/v2
kind: HorizontalPodAutoscaler
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" (dict "root" .root "extra" (.selector | default dict)) | nindent 4 }}
spec:
  scaleTargetRef:
    apiVersion: apps/v1
    kind: Deployment
    name: {{ .name }}
  minReplicas: {{ int ($v.autoscaling.minReplicas | default $v.replicaCount) }}
  maxReplicas: {{ int $v.autoscaling.maxReplicas }}
  metrics:
    - type: Resource
      resource:
        name: cpu
        target:
          type: Utilization
          averageUtilization: {{ int $v.autoscaling.targetCPUUtilizationPercentage }}
    {{- with $v.autoscaling.targetMemoryUtilizationPercentage }}
    - type: Resource
      resource:
        name: memory
        target:
          type: Utilization
          averageUtilization: {{ int . }}
    {{- end }}
  {{- with $v.autoscaling.behavior }}
  behavior:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end }}
{{- end -}}

{{/* A PodDisruptionBudget when on: (dict "root" $ "name" <name> "values" <component values> "selector" <extra>) */}}
{{- define "lib.pdb" -}}
{{- if .values.pdb.enabled }}
{{- $labelArgs := dict "root" .root "extra" (.selector | default dict) }}
---
apiVersion: policy/v1
kind: PodDisruptionBudget
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" $labelArgs | nindent 4 }}
spec:
  maxUnavailable: {{ int .values.pdb.maxUnavailable }}
  selector:
    matchLabels:
      {{- include "lib.selectorLabels" $labelArgs | nindent 6 }}
{{- end }}
{{- end -}}

{{/* A ConfigMap of environment variables: (dict "root" $ "name" <name> "data" <map>) */}}
{{- define "lib.configMap" -}}
apiVersion: v1
kind: ConfigMap
metadata:
  name: {{ .name }}
  labels:
    {{- include "lib.labels" (dict "root" .root) | nindent 4 }}
data:
  {{- range $key, $value := .data }}
  {{ $key }}: {{ toString $value | quote }}
  {{- end }}
{{- end -}}

{{- define "lib.serviceAccountName" -}}
{{- if .Values.serviceAccount.create -}}
{{- .Values.serviceAccount.name | default (include "lib.fullname" .) -}}
{{- else -}}
{{- .Values.serviceAccount.name | default "default" -}}
{{- end -}}
{{- end -}}

{{/* The component's own ServiceAccount, without an API token (no pod calls the Kubernetes API). */}}
{{- define "lib.serviceAccount" -}}
{{- if .Values.serviceAccount.create }}
---
apiVersion: v1
kind: ServiceAccount
metadata:
  name: {{ include "lib.serviceAccountName" . }}
  labels:
    {{- include "lib.labels" (dict "root" .) | nindent 4 }}
  {{- with .Values.serviceAccount.annotations }}
  annotations:
    {{- toYaml . | nindent 4 }}
  {{- end }}
automountServiceAccountToken: false
{{- end }}
{{- end -}}

{{/*
Settings that cannot work together fail at render time, with the fix in the message:
(dict "root" $ "name" <component> "values" <component values> "graceMs" <SHUTDOWN_GRACE_MS or 0>)
*/}}
{{- define "lib.validateWorkload" -}}
{{- $v := .values -}}
{{- if and $v.autoscaling.enabled (lt (int $v.autoscaling.maxReplicas) (int ($v.autoscaling.minReplicas | default $v.replicaCount))) -}}
{{- fail (printf "%s: autoscaling.maxReplicas (%d) is below its minReplicas" .name (int $v.autoscaling.maxReplicas)) -}}
{{- end -}}
{{- $budget := mul (int $v.terminationGracePeriodSeconds) 1000 -}}
{{- $needed := add (mul (int $v.preStopSleepSeconds) 1000) (int .graceMs) -}}
{{- if lt $budget $needed -}}
{{- fail (printf "%s: terminationGracePeriodSeconds (%d s) must cover preStopSleepSeconds (%d s) + SHUTDOWN_GRACE_MS (%d ms)" .name (int $v.terminationGracePeriodSeconds) (int $v.preStopSleepSeconds) (int .graceMs)) -}}
{{- end -}}
{{- end -}}
